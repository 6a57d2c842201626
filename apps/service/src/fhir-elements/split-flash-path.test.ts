import { describe, expect, it } from 'vitest';
import { splitFlashPath } from './split-flash-path.js';

describe('splitFlashPath', () => {
  it('splits plain, sliced and URL-sliced paths', () => {
    expect(splitFlashPath('')).toEqual([]);
    expect(splitFlashPath('name.given')).toEqual([
      { name: 'name', slices: [] },
      { name: 'given', slices: [] },
    ]);
    expect(splitFlashPath('component[SystolicBP].value')).toEqual([
      { name: 'component', slices: ['SystolicBP'] },
      { name: 'value', slices: [] },
    ]);
    expect(splitFlashPath('extension[http://x.org/a.b].value')).toEqual([
      { name: 'extension', slices: ['http://x.org/a.b'] },
      { name: 'value', slices: [] },
    ]);
  });

  it('rejects malformed paths', () => {
    expect(splitFlashPath('a..b')).toBeUndefined();
    expect(splitFlashPath('[x]')).toBeUndefined();
    expect(splitFlashPath('a[x]b')).toBeUndefined();
    expect(splitFlashPath('a[x')).toBeUndefined();
  });
});
