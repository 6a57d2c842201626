import { describe, expect, it } from 'vitest';
import { parseMediaType } from './media-type.js';

describe('parseMediaType', () => {
  it('keeps parameters whose names are Object.prototype members', () => {
    expect(parseMediaType('text/csv; constructor=a; toString="b"')?.params).toEqual({
      constructor: 'a',
      tostring: 'b',
    });
  });

  it('keeps the first of repeated parameters', () => {
    expect(parseMediaType('text/plain; charset=utf-8; Charset=latin1')?.params).toEqual({ charset: 'utf-8' });
  });
});
