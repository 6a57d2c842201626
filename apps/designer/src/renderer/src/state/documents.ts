import { SAMPLE_MAPPING } from '@mapx/api';

/** An open editor tab. Its text lives here; Monaco keeps one model per document `path`. */
export interface EditorDocument {
  readonly id: string;
  readonly title: string;
  readonly text: string;
  /** Text as last loaded from or saved to the service; `undefined` for never-saved documents. */
  readonly savedText?: string;
  /** Set once the document is bound to a saved mapping. */
  readonly mappingId?: string;
  /** A built-in standard mapping, shown read-only (its editable copy is a new document). */
  readonly standardId?: string;
  readonly origin: 'scratch' | 'mapping' | 'template' | 'standard';
}

export interface DocumentsState {
  readonly documents: readonly EditorDocument[];
  readonly activeId: string;
}

export type DocumentsAction =
  | { type: 'open'; document: EditorDocument }
  | { type: 'activate'; id: string }
  | { type: 'close'; id: string }
  | { type: 'edit'; id: string; text: string }
  | { type: 'saved'; id: string; mappingId: string; text: string }
  | { type: 'detach'; mappingId: string };

export function isDirty(doc: EditorDocument): boolean {
  return doc.savedText === undefined ? doc.text.trim() !== '' : doc.text !== doc.savedText;
}

let counter = 0;
export function newDocumentId(): string {
  counter += 1;
  return `doc-${Date.now().toString(36)}-${counter}`;
}

/** Opens a new tab on text the service stores (a saved or a standard mapping): clean until edited. */
export function openStored(
  text: string,
  fields: Pick<EditorDocument, 'title' | 'origin' | 'mappingId' | 'standardId'>,
): DocumentsAction {
  return { type: 'open', document: { id: newDocumentId(), text, savedText: text, ...fields } };
}

export { SAMPLE_INPUT, SAMPLE_MAPPING } from '@mapx/api';

export function scratchDocument(text = SAMPLE_MAPPING, title = 'Untitled'): EditorDocument {
  return { id: newDocumentId(), title, text, origin: 'scratch' };
}

function replace(state: DocumentsState, id: string, patch: Partial<EditorDocument>): DocumentsState {
  return { ...state, documents: state.documents.map((d) => (d.id === id ? { ...d, ...patch } : d)) };
}

export function documentsReducer(state: DocumentsState, action: DocumentsAction): DocumentsState {
  switch (action.type) {
    case 'open': {
      const { mappingId, standardId } = action.document;
      const existing = mappingId
        ? state.documents.find((d) => d.mappingId === mappingId)
        : standardId
          ? state.documents.find((d) => d.standardId === standardId)
          : undefined;
      if (existing) return { ...state, activeId: existing.id };
      return { documents: [...state.documents, action.document], activeId: action.document.id };
    }
    case 'activate':
      return state.documents.some((d) => d.id === action.id) ? { ...state, activeId: action.id } : state;
    case 'close': {
      const index = state.documents.findIndex((d) => d.id === action.id);
      const documents = state.documents.filter((d) => d.id !== action.id);
      if (documents.length === 0) {
        const fresh = scratchDocument('');
        return { documents: [fresh], activeId: fresh.id };
      }
      const neighbour = documents[Math.min(index, documents.length - 1)];
      const activeId = state.activeId === action.id ? (neighbour?.id ?? '') : state.activeId;
      return { documents, activeId };
    }
    case 'edit':
      return replace(state, action.id, { text: action.text });
    case 'saved':
      return replace(state, action.id, {
        mappingId: action.mappingId,
        savedText: action.text,
        title: action.mappingId,
        origin: 'mapping',
      });
    case 'detach':
      // The saved mapping is gone; its open tab stays as an unsaved document.
      return {
        ...state,
        documents: state.documents.map((d) => {
          if (d.mappingId !== action.mappingId) return d;
          const { mappingId: _gone, savedText: _old, ...rest } = d;
          return { ...rest, origin: 'scratch' as const };
        }),
      };
  }
}
