import { describe, expect, it } from 'vitest';
import type { DocumentsState } from './documents.js';
import { createDraftStore } from './draft-store.js';

/** The Web Storage interface over a Map: the browser's sessionStorage is not there in Node. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const STATE: DocumentsState = {
  documents: [
    { id: 'doc-a', title: 'Untitled', text: 'InstanceOf: Patient\n* active = true', origin: 'scratch' },
    { id: 'doc-b', title: 'bp', text: '"x"', savedText: '"y"', mappingId: 'bp', origin: 'mapping' },
  ],
  activeId: 'doc-b',
};

describe('createDraftStore', () => {
  it('gives back the documents and the active tab stashed before the login', () => {
    const storage = new MemoryStorage();
    createDraftStore(storage).stash(STATE);
    expect(createDraftStore(storage).read()).toEqual(STATE);
  });

  it('forgets them once cleared, so that a later reload starts afresh', () => {
    const storage = new MemoryStorage();
    const drafts = createDraftStore(storage);
    drafts.stash(STATE);
    drafts.clear();
    expect(drafts.read()).toBeUndefined();
  });

  it('drops malformed entries and falls back to the first document', () => {
    const storage = new MemoryStorage();
    const stored = {
      documents: [{ id: 1 }, STATE.documents[0], { ...STATE.documents[1], origin: 'x' }],
      activeId: 'gone',
    };
    storage.setItem('mapx.designer.drafts', JSON.stringify(stored));
    expect(createDraftStore(storage).read()).toEqual({ documents: [STATE.documents[0]], activeId: 'doc-a' });
  });

  it.each([
    ['not JSON', '{'],
    ['no documents', '{"documents":[]}'],
    ['a number', '42'],
  ])('has nothing for %s', (_name, text) => {
    const storage = new MemoryStorage();
    storage.setItem('mapx.designer.drafts', text);
    expect(createDraftStore(storage).read()).toBeUndefined();
  });
});
