import { isDirty, type EditorDocument } from '../state/documents.js';

interface EditorTabsProps {
  readonly documents: readonly EditorDocument[];
  readonly activeId: string;
  readonly onActivate: (id: string) => void;
  readonly onClose: (id: string) => void;
}

/** Open documents; arrow keys move between tabs, Delete closes one. */
export function EditorTabs({ documents, activeId, onActivate, onClose }: EditorTabsProps) {
  const move = (index: number) => {
    const next = documents[(index + documents.length) % documents.length];
    if (next) {
      onActivate(next.id);
      requestAnimationFrame(() => document.getElementById(`tab-${next.id}`)?.focus());
    }
  };
  return (
    <div role="tablist" aria-label="Open documents" className="editor-tabs">
      {documents.map((doc, index) => (
        <div key={doc.id} className={`editor-tab ${doc.id === activeId ? 'editor-tab-active' : ''}`}>
          <button
            id={`tab-${doc.id}`}
            type="button"
            role="tab"
            aria-selected={doc.id === activeId}
            tabIndex={doc.id === activeId ? 0 : -1}
            title={doc.mappingId ? `Saved mapping ${doc.mappingId}` : doc.title}
            onClick={() => onActivate(doc.id)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') move(index + 1);
              if (event.key === 'ArrowLeft') move(index - 1);
              if (event.key === 'Delete') onClose(doc.id);
            }}
          >
            <span className={`tab-kind tab-kind-${doc.origin}`} aria-hidden="true" />
            {doc.title}
            {isDirty(doc) && <span className="dirty" aria-label="unsaved changes" title="Unsaved changes" />}
          </button>
          <button
            type="button"
            className="tab-close"
            aria-label={`Close ${doc.title}`}
            title="Close (Alt+W)"
            onClick={() => onClose(doc.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
