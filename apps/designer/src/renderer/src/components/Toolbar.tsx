import type { ReactNode } from 'react';
import type { LiveStatus } from '../state/use-live-check.js';
import { HelpLinks } from './HelpLinks.js';

interface ToolbarProps {
  readonly canRunSaved: boolean;
  readonly running: boolean;
  readonly live: boolean;
  readonly liveStatus: LiveStatus;
  readonly onNew: () => void;
  readonly onSave: () => void;
  readonly onSaveAs: () => void;
  readonly onRun: () => void;
  readonly onRunSaved: () => void;
  readonly onLive: (enabled: boolean) => void;
  /** Right end: connection and account controls of the host. */
  readonly end?: ReactNode;
}

const LIVE_TEXT: Record<LiveStatus, string> = {
  off: '',
  idle: '',
  checking: 'Checking…',
  clean: 'No problems',
  problems: 'Problems found',
  unavailable: 'Check unavailable',
};

export function Toolbar(props: ToolbarProps) {
  return (
    <header className="toolbar" aria-label="Toolbar">
      <span className="brand" aria-label="mapx designer">
        <img className="brand-mark" src="./favicon.svg" alt="" width="20" height="20" />
        mapx <span className="brand-sub">designer</span>
      </span>
      <div className="toolbar-group" role="group" aria-label="Document">
        <button type="button" onClick={props.onNew} title="New document (Alt+N)">
          New
        </button>
        <button type="button" onClick={props.onSave} title="Save as a mapping on the service (Ctrl+S)">
          Save
        </button>
        <button type="button" onClick={props.onSaveAs} title="Save under another id">
          Save as…
        </button>
      </div>
      <div className="toolbar-group" role="group" aria-label="Run">
        <button
          type="button"
          className="primary"
          onClick={props.onRun}
          disabled={props.running}
          title="Run the editor's expression against the input (Ctrl+Enter)"
        >
          ▶ Run
        </button>
        <button
          type="button"
          onClick={props.onRunSaved}
          disabled={!props.canRunSaved || props.running}
          title="POST /Mapping/{id}: run the saved version against the input"
        >
          Run saved
        </button>
        <label
          className="toggle"
          title="Check the expression while typing (POST /?verbose=true after a pause)"
        >
          <input
            type="checkbox"
            checked={props.live}
            onChange={(event) => props.onLive(event.target.checked)}
          />{' '}
          Live check
        </label>
        <span className={`live-status live-${props.liveStatus}`} aria-live="polite" data-testid="live-status">
          {LIVE_TEXT[props.liveStatus]}
        </span>
      </div>
      <HelpLinks />
      <div className="toolbar-end">{props.end}</div>
    </header>
  );
}
