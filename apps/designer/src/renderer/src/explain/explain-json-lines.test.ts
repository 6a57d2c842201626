import { describe, expect, it } from 'vitest';
import { explainJsonLines } from './explain-json-lines.js';

/** The line of every primitive, read off the printed text itself. */
function printedLines(value: unknown, paths: string[]): Record<string, number> {
  const text = JSON.stringify(value, null, 2).split('\n');
  const lines = explainJsonLines(value);
  const out: Record<string, number> = {};
  for (const p of paths) {
    const line = lines.get(p)!;
    out[p] = line;
    const leaf = p
      .split(/[.[\]]/)
      .filter(Boolean)
      .pop()!;
    // the printed line holds the key (objects) or the value (arrays) of that element
    expect(text[line - 1]).toMatch(/^\d+$/.test(leaf) ? /\S/ : new RegExp(`"${leaf}"`));
  }
  return out;
}

describe('explainJsonLines', () => {
  it('gives each element the line JSON.stringify(…, null, 2) prints it on', () => {
    const value = {
      resourceType: 'Observation',
      code: { coding: [{ code: '1' }, { system: 's' }] },
      empty: {},
      list: [],
      valueString: 'x',
    };
    const lines = printedLines(value, [
      'resourceType',
      'code.coding[0].code',
      'code.coding[1].system',
      'valueString',
    ]);
    expect(lines).toEqual({
      resourceType: 2,
      'code.coding[0].code': 6,
      'code.coding[1].system': 9,
      valueString: 15,
    });
  });

  it('a root array uses $[i]; a primitive result is $', () => {
    expect([...explainJsonLines([{ a: 1 }, 2]).entries()]).toEqual([
      ['$[0].a', 3],
      ['$[1]', 5],
    ]);
    expect(explainJsonLines('x').get('$')).toBe(1);
  });
});
