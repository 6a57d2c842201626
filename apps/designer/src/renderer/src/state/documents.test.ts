import { describe, expect, it } from 'vitest';
import { documentsReducer, isDirty, scratchDocument, type DocumentsState } from './documents.js';

function start(): DocumentsState {
  const first = scratchDocument('1 + 1', 'first');
  return { documents: [first], activeId: first.id };
}

describe('documentsReducer', () => {
  it('reuses the open tab of a saved mapping instead of opening it twice', () => {
    const opened = documentsReducer(start(), {
      type: 'open',
      document: { id: 'a', title: 'm1', text: 'x', savedText: 'x', mappingId: 'm1', origin: 'mapping' },
    });
    const again = documentsReducer(
      documentsReducer(opened, { type: 'activate', id: opened.documents[0]!.id }),
      {
        type: 'open',
        document: { id: 'b', title: 'm1', text: 'x', savedText: 'x', mappingId: 'm1', origin: 'mapping' },
      },
    );
    expect(again.documents).toHaveLength(2);
    expect(again.activeId).toBe('a');
  });

  it('keeps a standard mapping and a saved mapping of the same id in two tabs, each opened once', () => {
    const standard = {
      id: 's',
      title: 'v2ToFhir (standard)',
      text: 'x',
      savedText: 'x',
      standardId: 'v2ToFhir',
      origin: 'standard',
    } as const;
    const mine = {
      id: 'm',
      title: 'v2ToFhir',
      text: 'y',
      savedText: 'y',
      mappingId: 'v2ToFhir',
      origin: 'mapping',
    } as const;
    let state = documentsReducer(start(), { type: 'open', document: standard });
    state = documentsReducer(state, { type: 'open', document: mine });
    state = documentsReducer(state, { type: 'open', document: { ...standard, id: 's2' } });
    expect(state.documents.map((d) => d.id)).toEqual([state.documents[0]!.id, 's', 'm']);
    expect(state.activeId).toBe('s');
  });

  it('tracks dirtiness through edits and saves', () => {
    let state = start();
    const id = state.activeId;
    expect(isDirty(state.documents[0]!)).toBe(true);
    state = documentsReducer(state, { type: 'saved', id, mappingId: 'pat', text: '1 + 1' });
    expect(state.documents[0]).toMatchObject({ title: 'pat', mappingId: 'pat', origin: 'mapping' });
    expect(isDirty(state.documents[0]!)).toBe(false);
    state = documentsReducer(state, { type: 'edit', id, text: '1 + 2' });
    expect(isDirty(state.documents[0]!)).toBe(true);
  });

  it('activates a neighbour on close and never leaves zero tabs', () => {
    let state = start();
    const second = scratchDocument('2', 'second');
    state = documentsReducer(state, { type: 'open', document: second });
    state = documentsReducer(state, { type: 'close', id: second.id });
    expect(state.activeId).toBe(state.documents[0]!.id);
    state = documentsReducer(state, { type: 'close', id: state.activeId });
    expect(state.documents).toHaveLength(1);
    expect(state.documents[0]!.text).toBe('');
  });
});
