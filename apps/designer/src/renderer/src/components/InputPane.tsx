import Editor from '@monaco-editor/react';
import { useRef, useState, type ChangeEvent } from 'react';
import { INPUT_CONTENT_TYPES, type InputContentType } from '@mapx/api';
import { CONTENT_TYPE_LABELS, sniffContentType } from '../run/content-type.js';
import { decodeInputFile } from '../run/decode-input-file.js';

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
  const [fileWarnings, setFileWarnings] = useState<readonly string[]>([]);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    // bytes, decoded like a request body (BOM, XML declaration, MSH-18): not file.text(), always UTF-8
    const decoded = decodeInputFile(new Uint8Array(await file.arrayBuffer()), file.name);
    setFileWarnings(decoded.warnings);
    onChange(decoded.text, decoded.contentType);
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
      {fileWarnings.length > 0 && (
        <ul className="input-warnings" role="status" data-testid="input-file-warnings">
          {fileWarnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
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
