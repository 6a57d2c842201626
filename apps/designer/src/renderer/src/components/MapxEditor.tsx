import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import type { editor } from 'monaco-editor/esm/vs/editor/editor.api.js';
import { diagnosticRange, markerLevel } from '../editor/diagnostic-range.js';
import { tokenizeBeforeEnter } from '../editor/enter-tokenization.js';
import { MAPX_LANGUAGE_ID } from '../editor/mapx-language.js';
import type { MonacoApi } from '../editor/monaco-api.js';
import type { FlatDiagnostic } from '../run/flat-diagnostics.js';
import type { EditorDocument } from '../state/documents.js';

interface MapxEditorProps {
  readonly monaco: MonacoApi;
  readonly document: EditorDocument;
  readonly theme: string;
  readonly diagnostics: readonly FlatDiagnostic[];
  readonly onChange: (text: string) => void;
  readonly onRun: () => void;
  readonly onSave: () => void;
  readonly onReady: (editor: editor.IStandaloneCodeEditor) => void;
}

/** Stable options: a new object each render would make the wrapper call `updateOptions` on every keystroke. */
const EDITOR_OPTIONS: editor.IStandaloneEditorConstructionOptions = {
  ariaLabel: 'mapx expression editor. Ctrl+Enter runs, Ctrl+S saves, Ctrl+M toggles Tab moving focus.',
  tabSize: 2,
  insertSpaces: true,
  detectIndentation: false,
  minimap: { enabled: false },
  fontSize: 13,
  scrollBeyondLastLine: false,
  automaticLayout: true,
  folding: true,
  showFoldingControls: 'mouseover',
  renderWhitespace: 'boundary',
  fixedOverflowWidgets: true,
  quickSuggestions: { other: true, comments: false, strings: false },
  // In FLASH, Enter is structure (indent, next bullet): it always starts a new line; Tab accepts a suggestion.
  acceptSuggestionOnEnter: 'off',
  wordBasedSuggestions: 'off',
};

export const modelPath = (doc: EditorDocument) => `${doc.id}.mapx`;

function applyMarkers(
  monaco: MonacoApi,
  model: editor.ITextModel,
  diagnostics: readonly FlatDiagnostic[],
): void {
  const severity = {
    error: monaco.MarkerSeverity.Error,
    warning: monaco.MarkerSeverity.Warning,
    info: monaco.MarkerSeverity.Info,
  };
  const text = model.getValue();
  const markers = diagnostics.flatMap(({ entry, bucket }) => {
    const range = diagnosticRange(text, entry);
    if (!range) return [];
    const level = markerLevel(entry.severity, bucket);
    return [
      {
        ...range,
        severity: severity[level],
        code: entry.code,
        message: entry.message ?? entry.code,
        source: 'mapx',
      },
    ];
  });
  monaco.editor.setModelMarkers(model, 'mapx', markers);
}

/** A built-in standard mapping: read, run and explain, never edited in place (copy it to edit). */
const READ_ONLY_OPTIONS: editor.IStandaloneEditorConstructionOptions = {
  ...EDITOR_OPTIONS,
  readOnly: true,
  readOnlyMessage: { value: 'A built-in standard mapping is read-only: use "Copy to edit".' },
};

/** The expression editor: one Monaco instance, one model per open document. */
export function MapxEditor({
  monaco,
  document,
  theme,
  diagnostics,
  onChange,
  onRun,
  onSave,
  onReady,
}: MapxEditorProps) {
  const editorRef = useRef<editor.IStandaloneCodeEditor | undefined>(undefined);
  const actions = useRef({ onRun, onSave });
  actions.current = { onRun, onSave };

  const onMount: OnMount = (instance) => {
    editorRef.current = instance;
    tokenizeBeforeEnter(monaco, instance);
    instance.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => actions.current.onRun());
    instance.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => actions.current.onSave());
    onReady(instance);
  };

  useEffect(() => {
    const model = monaco.editor.getModel(monaco.Uri.parse(modelPath(document)));
    if (model) applyMarkers(monaco, model, diagnostics);
  }, [monaco, document, diagnostics]);

  return (
    <Editor
      path={modelPath(document)}
      defaultLanguage={MAPX_LANGUAGE_ID}
      defaultValue={document.text}
      theme={theme}
      onMount={onMount}
      onChange={(value) => onChange(value ?? '')}
      loading={<div className="placeholder">Loading editor…</div>}
      options={document.standardId ? READ_ONLY_OPTIONS : EDITOR_OPTIONS}
    />
  );
}
