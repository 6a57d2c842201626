import Editor from '@monaco-editor/react';
import { useRef, type ChangeEvent } from 'react';
import { INPUT_CONTENT_TYPES, type InputContentType } from '@mapx/api';
import { CONTENT_TYPE_LABELS, guessContentType, sniffContentType } from '../run/content-type.js';

interface InputPaneProps {
  readonly text: string;
  readonly contentType: InputContentType;
  readonly theme: string;
  readonly onChange: (text: string, contentType: InputContentType) => void;
}

const INPUT_OPTIONS = {
  ariaLabel: 'Input text',
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  automaticLayout: true,
  fontSize: 13,
  wordWrap: 'on',
} as const;

function languageOf(contentType: InputContentType): string {
  if (contentType.includes('json')) return 'json';
  if (contentType.includes('xml')) return 'xml';
  return 'plaintext';
}

/** The input the mapping runs against: pasted or opened from a file, with its format. */
export function InputPane({ text, contentType, theme, onChange }: InputPaneProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const content = await file.text();
    onChange(content, guessContentType(file.name, content));
    event.target.value = '';
  };
  const onEdit = (value: string | undefined) => {
    const next = value ?? '';
    // A paste into an empty input decides the format; later edits keep the author's choice.
    onChange(next, text.trim() === '' && next.trim() !== '' ? sniffContentType(next) : contentType);
  };
  return (
    <section className="pane input-pane" aria-label="Input">
      <div className="pane-header">
        <h2 className="pane-title">Input</h2>
        <label className="inline-field">
          <span>Format</span>
          <select
            aria-label="Input format"
            data-testid="input-format"
            value={contentType}
            onChange={(event) => onChange(text, event.target.value as InputContentType)}
          >
            {INPUT_CONTENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {CONTENT_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => fileInput.current?.click()}>
          Open file…
        </button>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".json,.xml,.csv,.hl7,.er7,.txt"
          aria-label="Input file"
          data-testid="input-file"
          onChange={(event) => void onFile(event)}
        />
      </div>
      <div className="pane-body" data-testid="input-editor">
        <Editor
          path="input"
          language={languageOf(contentType)}
          theme={theme}
          value={text}
          onChange={onEdit}
          options={INPUT_OPTIONS}
        />
      </div>
    </section>
  );
}
