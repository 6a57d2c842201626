import Editor, { DiffEditor } from '@monaco-editor/react';
import { useState, type ReactNode } from 'react';
import type { DiagnosticEntry } from '@mapx/api';
import type { RunOutcome } from '../api/run-outcome.js';
import { flattenDiagnostics } from '../run/flat-diagnostics.js';
import { diffJson } from '../run/json-diff.js';
import { DiagnosticsList } from './DiagnosticsList.js';

export interface RunRecord {
  readonly outcome: Extract<RunOutcome, { kind: 'report' }>;
  /** `ad-hoc` or `mapping <id>`. */
  readonly label: string;
}

interface OutputPaneProps {
  readonly current?: RunRecord;
  readonly previous?: RunRecord;
  readonly theme: string;
  readonly running: boolean;
  readonly onJump: (entry: DiagnosticEntry) => void;
  /** The Explain tab's content (ExplainPanel). */
  readonly explain?: ReactNode;
}

type Tab = 'result' | 'diagnostics' | 'diff' | 'explain';

const pretty = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2));
const viewerOptions = {
  readOnly: true,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  automaticLayout: true,
  fontSize: 13,
};

function StatusLine({ record }: { record: RunRecord }) {
  const { report, elapsedMs } = record.outcome;
  const tone = report.status === 200 ? 'ok' : report.status === 206 ? 'partial' : 'failed';
  return (
    <div className="run-status" data-testid="run-status">
      <span className={`badge badge-${tone}`} data-testid="run-status-code">
        {report.status}
      </span>
      <span>{record.label}</span>
      <span title="Round-trip time">{Math.round(elapsedMs)} ms</span>
      {report.executionId && (
        <span className="execution-id" title="executionId">
          {report.executionId}
        </span>
      )}
    </div>
  );
}

function DiffView({ current, previous, theme }: { current: RunRecord; previous?: RunRecord; theme: string }) {
  if (!previous) return <p className="placeholder">Run again to compare with this result.</p>;
  const before = previous.outcome.report.result;
  const after = current.outcome.report.result;
  const changes = diffJson(before, after);
  return (
    <div className="diff-view">
      <p className="diff-summary" data-testid="diff-summary">
        {changes.length === 0
          ? 'Same result as the previous run.'
          : `${changes.length} change(s) since the previous run:`}
      </p>
      {changes.length > 0 && (
        <ul className="diff-list">
          {changes.slice(0, 200).map((change) => (
            <li key={change.path} className={`diff-${change.kind}`}>
              <code>{change.path}</code> {change.kind}
              {change.kind === 'changed' && (
                <>
                  : <code>{JSON.stringify(change.before)}</code> → <code>{JSON.stringify(change.after)}</code>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="diff-editor">
        <DiffEditor
          original={pretty(before)}
          modified={pretty(after)}
          language="json"
          theme={theme}
          options={{ ...viewerOptions, renderSideBySide: true, originalEditable: false }}
        />
      </div>
    </div>
  );
}

/** Result of the last run: status, time, executionId, pretty JSON, diagnostics and a diff with the run before. */
export function OutputPane({ current, previous, theme, running, onJump, explain }: OutputPaneProps) {
  const [tab, setTab] = useState<Tab>('result');
  const diagnostics = current ? flattenDiagnostics(current.outcome.report) : [];
  const tabs: Array<[Tab, string]> = [
    ['result', 'Result'],
    ['diagnostics', `Diagnostics (${diagnostics.length})`],
    ['diff', 'Diff'],
    ...(explain ? [['explain', 'Explain'] as [Tab, string]] : []),
  ];
  return (
    <section className="pane output-pane" aria-label="Output">
      <div className="pane-header">
        <div role="tablist" aria-label="Output views" className="subtabs">
          {tabs.map(([id, title]) => (
            <button
              key={id}
              role="tab"
              type="button"
              aria-selected={tab === id}
              id={`output-tab-${id}`}
              onClick={() => setTab(id)}
            >
              {title}
            </button>
          ))}
        </div>
        {running && <span className="spinner" aria-label="Running" />}
        {current && <StatusLine record={current} />}
      </div>
      <div className="pane-body" role="tabpanel" aria-labelledby={`output-tab-${tab}`}>
        {!current && <p className="placeholder">Run the mapping (Ctrl+Enter) to see its result here.</p>}
        {current && tab === 'result' && (
          <div className="output-json" data-testid="output-json">
            {current.outcome.report.result === undefined ? (
              <p className="placeholder">No result{diagnostics.length > 0 ? ' — see Diagnostics' : ''}.</p>
            ) : (
              <Editor
                path="output.json"
                language="json"
                theme={theme}
                value={pretty(current.outcome.report.result)}
                options={viewerOptions}
              />
            )}
            {current.outcome.report.result === undefined && (
              <DiagnosticsList items={diagnostics} onJump={onJump} />
            )}
          </div>
        )}
        {current && tab === 'diagnostics' && <DiagnosticsList items={diagnostics} onJump={onJump} />}
        {tab === 'explain' && explain}
        {current && tab === 'diff' && (
          <DiffView current={current} theme={theme} {...(previous ? { previous } : {})} />
        )}
      </div>
    </section>
  );
}
