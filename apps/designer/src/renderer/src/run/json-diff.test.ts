import { describe, expect, it } from 'vitest';
import { diffJson } from './json-diff.js';

describe('diffJson', () => {
  it('finds nothing between equal documents', () => {
    const doc = { resourceType: 'Patient', name: [{ given: ['Dana'] }], active: true };
    expect(diffJson(doc, structuredClone(doc))).toEqual([]);
  });

  it('reports changed, added and removed leaves with their paths', () => {
    const before = { resourceType: 'Patient', gender: 'female', name: [{ given: ['Dana'] }], 'odd-key': 1 };
    const after = {
      resourceType: 'Patient',
      gender: 'male',
      name: [{ given: ['Dana', 'Ruth'] }],
      birthDate: '1990',
    };
    expect(diffJson(before, after)).toEqual([
      { path: 'gender', kind: 'changed', before: 'female', after: 'male' },
      { path: 'name[0].given[1]', kind: 'added', after: 'Ruth' },
      { path: '`odd-key`', kind: 'removed', before: 1 },
      { path: 'birthDate', kind: 'added', after: '1990' },
    ]);
  });

  it('treats a type change as one changed value at the root', () => {
    expect(diffJson([1], { a: 1 })).toEqual([{ path: '$', kind: 'changed', before: [1], after: { a: 1 } }]);
    expect(diffJson(undefined, 3)).toEqual([{ path: '$', kind: 'changed', before: undefined, after: 3 }]);
  });

  it('reports shortened arrays as removals from the end', () => {
    expect(diffJson({ a: [1, 2, 3] }, { a: [1] })).toEqual([
      { path: 'a[1]', kind: 'removed', before: 2 },
      { path: 'a[2]', kind: 'removed', before: 3 },
    ]);
  });
});
