import { useEffect, useRef } from 'react';
import type { editor } from 'monaco-editor/esm/vs/editor/editor.api.js';
import type { MappingVersionSummaryBody } from '@mapx/api';
import { MAPX_LANGUAGE_ID } from '../editor/mapx-language.js';
import type { MonacoApi } from '../editor/monaco-api.js';
import { versionLabel, type Comparison } from '../state/use-mapping-history.js';

interface HistoryDiffProps {
  readonly monaco: MonacoApi;
  readonly mappingId: string;
  readonly versions: readonly MappingVersionSummaryBody[];
  readonly comparison: Comparison;
  readonly theme: string;
  readonly onCompare: (left: string, right: string) => void;
  readonly onRestore: (versionId: string) => void;
  readonly onClose: () => void;
}

const DIFF_OPTIONS: editor.IDiffEditorConstructionOptions = {
  readOnly: true,
  originalEditable: false,
  renderSideBySide: true,
  automaticLayout: true,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  fontSize: 13,
};

/** Monaco's diff editor between any two versions of a saved mapping, in a modal dialog. */
export function HistoryDiff({
  monaco,
  mappingId,
  versions,
  comparison,
  theme,
  onCompare,
  onRestore,
  onClose,
}: HistoryDiffProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const host = useRef<HTMLDivElement>(null);
  const diffEditor = useRef<editor.IStandaloneDiffEditor | undefined>(undefined);
  useEffect(() => {
    if (!host.current) return;
    const instance = monaco.editor.createDiffEditor(host.current, { ...DIFF_OPTIONS, theme });
    diffEditor.current = instance;
    return () => {
      // the widget lets go of its models before they and it are disposed
      const models = instance.getModel();
      instance.setModel(null);
      models?.original.dispose();
      models?.modified.dispose();
      instance.dispose();
      diffEditor.current = undefined;
    };
  }, [monaco, theme]);
  useEffect(() => {
    const instance = diffEditor.current;
    if (!instance) return;
    const previous = instance.getModel();
    instance.setModel({
      original: monaco.editor.createModel(comparison.leftText, MAPX_LANGUAGE_ID),
      modified: monaco.editor.createModel(comparison.rightText, MAPX_LANGUAGE_ID),
    });
    previous?.original.dispose();
    previous?.modified.dispose();
  }, [monaco, theme, comparison]);
  const picker = (side: 'left' | 'right', value: string) => (
    <label>
      {side === 'left' ? 'Older' : 'Newer'}{' '}
      <select
        value={value}
        data-testid={`diff-${side}`}
        onChange={(event) =>
          side === 'left'
            ? onCompare(event.target.value, comparison.right)
            : onCompare(comparison.left, event.target.value)
        }
      >
        {versions.map((v) => (
          <option key={v.versionId} value={v.versionId}>
            {versionLabel(versions, v.versionId)}
          </option>
        ))}
      </select>
    </label>
  );
  const leftIsCurrent = versions.find((v) => v.versionId === comparison.left)?.current === true;
  return (
    <dialog
      ref={ref}
      className="dialog history-dialog"
      aria-labelledby="history-diff-title"
      onCancel={onClose}
    >
      <h2 id="history-diff-title">Compare versions of {mappingId}</h2>
      <div className="history-pickers">
        {picker('left', comparison.left)}
        {picker('right', comparison.right)}
      </div>
      <div className="history-diff" data-testid="history-diff" ref={host} />
      <div className="dialog-buttons">
        <button
          type="button"
          disabled={leftIsCurrent}
          title="Save the older side's version as the current text"
          onClick={() => onRestore(comparison.left)}
        >
          Restore older side
        </button>
        <button type="button" className="primary" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
