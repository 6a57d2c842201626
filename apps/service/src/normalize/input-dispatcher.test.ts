import { describe, expect, it } from 'vitest';
import { parseJsonText, type RawInput } from '@mapx/plugin-api';
import { InputDispatcher, isPending, type DispatchResult } from './input-dispatcher.js';

/** A dispatcher with one normaliser of its own (JSON text), which writes down the media type it was handed. */
function dispatcher() {
  const seen: RawInput['mediaType'][] = [];
  const normalizer = {
    normalize: (input: RawInput) => {
      seen.push(input.mediaType);
      return parseJsonText(String(input.body));
    },
  };
  const mediaTypes = ['application/json', 'text/json'];
  return { d: new InputDispatcher([{ id: 'json', mediaTypes, normalizer }]), seen };
}

const settled = async (r: DispatchResult | Promise<DispatchResult>) => (isPending(r) ? await r : r);

describe('InputDispatcher: the Content-Type remembered parsed', () => {
  it('gives the same parse for the same header, and each header its own', async () => {
    const { d, seen } = dispatcher();
    for (const type of [
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json; charset=utf-8',
    ])
      expect(await settled(d.normalize(type, '{"a":1}', true))).toEqual({ ok: true, value: { a: 1 } });
    expect(seen[0]).toBe(seen[2]);
    expect(seen[0]).toEqual({
      essence: 'application/json',
      type: 'application',
      subtype: 'json',
      params: { charset: 'utf-8' },
    });
    expect(seen[1]).toMatchObject({ essence: 'application/json', params: {} });
    expect(Object.isFrozen(seen[0])).toBe(true);
  });

  it('answers a header that is no media type, or one nobody claims, the same every time', async () => {
    const { d } = dispatcher();
    for (let i = 0; i < 2; i++) {
      expect(await settled(d.normalize('not a type', '{}', true))).toMatchObject({
        ok: false,
        unsupported: 'not a type',
      });
      expect(await settled(d.normalize('text/csv', 'a\n1', true))).toMatchObject({
        ok: false,
        unsupported: 'text/csv',
      });
    }
  });

  it('stays right past what it remembers: many distinct headers, and headers too long to keep', async () => {
    const { d, seen } = dispatcher();
    for (let i = 0; i < 100; i++) {
      const type = `application/json; x=${i}${i % 10 === 0 ? ';y='.padEnd(300, 'y') : ''}`;
      expect(await settled(d.normalize(type, `{"i":${i}}`, true))).toEqual({ ok: true, value: { i } });
      expect(seen.at(-1)?.params.x).toBe(String(i));
    }
  });
});
