import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The XML scanner is duplicated on purpose (plugins may not import each other); this keeps the copies equal.
describe('files shared with @mapx/normalizer-xml', () => {
  it.each(['parse-xml.ts', 'decode-entities.ts', 'serialize-xml.ts', 'set-own.ts'])(
    '%s is identical',
    (file) => {
      const here = readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8');
      const there = readFileSync(new URL(`../../xml/src/${file}`, import.meta.url), 'utf8');
      expect(here).toBe(there);
    },
  );
});
