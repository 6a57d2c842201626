import type { DocumentsState, EditorDocument } from './documents.js';

const KEY = 'mapx.designer.drafts';
const ORIGINS = new Set(['scratch', 'mapping', 'template']);

function isDocument(value: unknown): value is EditorDocument {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Record<string, unknown>;
  const optional = (name: string) => d[name] === undefined || typeof d[name] === 'string';
  return (
    typeof d['id'] === 'string' &&
    typeof d['title'] === 'string' &&
    typeof d['text'] === 'string' &&
    ORIGINS.has(d['origin'] as string) &&
    optional('savedText') &&
    optional('mappingId')
  );
}

function parse(text: string | null): DocumentsState | undefined {
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as { documents?: unknown; activeId?: unknown };
    const documents = Array.isArray(value.documents) ? value.documents.filter(isDocument) : [];
    if (documents.length === 0) return undefined;
    const active = documents.find((d) => d.id === value.activeId) ?? documents[0]!;
    return { documents, activeId: active.id };
  } catch {
    return undefined;
  }
}

/**
 * The open documents across the web login, which leaves the page for the identity provider and comes back
 * to a fresh one. Kept in this tab's sessionStorage (like the login itself), read once at start, then
 * cleared; the input pane is not kept (it may hold patient data).
 */
export function createDraftStore(storage: Storage) {
  return {
    stash(state: DocumentsState): void {
      try {
        storage.setItem(KEY, JSON.stringify(state));
      } catch {
        // Storage full or disabled: the login goes on, the drafts are lost as before.
      }
    },
    read: (): DocumentsState | undefined => parse(storage.getItem(KEY)),
    clear: (): void => storage.removeItem(KEY),
  };
}
