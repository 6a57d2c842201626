import { describe, expect, it } from 'vitest';
import { parseMediaType, type MediaType, type Normalizer } from '@mapx/plugin-api';
import { createCsvNormalizer } from '../src/create-csv-normalizer.js';

const csv: Normalizer = createCsvNormalizer({ delimiter: 'auto', header: 'present' });
const run = (text: string) =>
  csv.normalize({ body: text, mediaType: parseMediaType('text/csv') as MediaType, raw: true });

describe('CSV: nothing lost silently', () => {
  it('a header repeated twice gives a warning naming it and both columns; the last cell is kept', () => {
    const result = run('id,name,name\n1,Dana,Lee\n');
    expect(result).toEqual({
      ok: true,
      value: [{ id: '1', name: 'Lee' }],
      warnings: [
        {
          code: 'CSV_DUPLICATE_HEADER',
          message: 'The header "name" appears in columns 2 and 3; each row keeps only the last cell',
          line: 1,
          value: 'name',
        },
      ],
    });
  });

  it('no warnings key when nothing was lost', () => {
    expect(run('a,b\n1,2\n')).toEqual({ ok: true, value: [{ a: '1', b: '2' }] });
  });
});

describe('CSV: input keys never reach a prototype', () => {
  it('a dotted "__proto__.access" header is stored as own data and Object.prototype is unchanged', () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const result = run('id,__proto__.access,constructor.prototype.polluted\n1,admin,yes\n');
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>).access).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    if (!result.ok || result instanceof Promise) throw new Error('expected rows');
    const [row] = result.value as Record<string, Record<string, unknown>>[];
    expect(Object.hasOwn(row!, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toEqual({ access: 'admin' });
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.hasOwn(row!.constructor as object, 'prototype')).toBe(true);
    expect(JSON.parse(JSON.stringify(row))).toEqual({
      id: '1',
      ['__proto__']: { access: 'admin' },
      constructor: { prototype: { polluted: 'yes' } },
    });
  });
});
