import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Generated hostile bodies in every input format: prototype keys at every depth, deep nesting, large sizes,
 * invalid encodings. Never a 5xx, the service keeps answering, and Object.prototype is never touched.
 */
const TYPES = [
  'application/json',
  'application/fhir+json',
  'application/xml',
  'application/fhir+xml',
  'text/csv',
  'x-application/hl7-v2+er7',
] as const;

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', '__proto__.access', 'constructor.prototype.x'];
const key = fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 6 }));

function nestedJson(keys: string[], leaf: string): string {
  return keys.reduceRight((inner, k) => `{${JSON.stringify(k)}:${inner}}`, JSON.stringify(leaf));
}

function nestedXml(keys: string[], leaf: string): string {
  const names = keys
    .map((k) => k.replace(/[^A-Za-z0-9_.]/g, '') || 'x')
    .map((n) => (/^[A-Za-z_]/.test(n) ? n : `_${n}`));
  const attrs = names.map((n) => ` ${n}="v"`).join('');
  return names.reduceRight((inner, n) => `<${n}${attrs}>${inner}</${n}>`, leaf.replace(/[<&]/g, ''));
}

function csv(keys: string[], leaf: string): string {
  return `${keys.map((k) => k.replace(/[",\n\r]/g, '')).join(',')}\n${keys.map(() => leaf.replace(/[",\n\r]/g, '')).join(',')}\n`;
}

function hl7(keys: string[], leaf: string): string {
  const segs = keys.map((k) => (k.replace(/[^A-Z0-9_]/gi, '').toUpperCase() + 'ZZZ').slice(0, 3));
  return ['MSH|^~\\&|A|B|C|D|20240101||ADT^A01|1|P|2.5', ...segs.map((s) => `${s}|${leaf}`)].join('\r');
}

const body = fc.oneof(
  fc.record({
    kind: fc.constant('shaped' as const),
    keys: fc.array(key, { minLength: 1, maxLength: 6 }),
    leaf: fc.string({ maxLength: 10 }),
  }),
  fc.record({ kind: fc.constant('deep' as const), depth: fc.integer({ min: 500, max: 50_000 }) }),
  fc.record({ kind: fc.constant('bytes' as const), bytes: fc.uint8Array({ minLength: 1, maxLength: 300 }) }),
  fc.record({ kind: fc.constant('large' as const), size: fc.integer({ min: 100_000, max: 600_000 }) }),
);

type Body = typeof body extends fc.Arbitrary<infer T> ? T : never;

function render(type: (typeof TYPES)[number], b: Body): string | Buffer {
  const json = type.includes('json');
  const xml = type.includes('xml');
  if (b.kind === 'bytes') return Buffer.from(b.bytes);
  if (b.kind === 'large') {
    if (json) return `[${'"x",'.repeat(b.size / 4)}"x"]`;
    if (xml) return `<a>${'<b>x</b>'.repeat(b.size / 8)}</a>`;
    if (type === 'text/csv') return 'a,b\n' + '1,2\n'.repeat(b.size / 4);
    return 'MSH|^~\\&|A|B|C|D|20240101||ADT^A01|1|P|2.5\r' + 'OBX|1|ST|x||y\r'.repeat(b.size / 14);
  }
  if (b.kind === 'deep') {
    if (json) return '['.repeat(b.depth) + ']'.repeat(b.depth);
    if (xml) return '<a>'.repeat(b.depth) + '</a>'.repeat(b.depth);
    if (type === 'text/csv') return `${'a.'.repeat(b.depth)}a\n1\n`;
    return 'MSH|^~\\&|A|B|C|D|20240101||ADT^A01|1|P|2.5\rPID|' + '^'.repeat(b.depth);
  }
  if (json) return nestedJson(b.keys, b.leaf);
  if (xml) return nestedXml(b.keys, b.leaf);
  if (type === 'text/csv') return csv(b.keys, b.leaf);
  return hl7(b.keys, b.leaf);
}

describe('hostile inputs in every format', () => {
  let t: TestApp;
  beforeAll(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-fuzz-'));
    writeFileSync(join(folder, 'echo.mapx'), '$');
    writeFileSync(join(folder, 'walk.mapx'), '$count(**) & $string($)');
    t = await createTestApp({ MAPPINGS_FOLDER: folder, LOG_LEVEL: 'fatal' });
  });
  afterAll(() => t.close());

  it('never answers 5xx, keeps serving, and never touches Object.prototype', async () => {
    const protoBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TYPES),
        body,
        fc.constantFrom('echo', 'walk'),
        async (type, b, id) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `/Mapping/${id}`,
            headers: { 'content-type': type },
            payload: render(type, b),
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          expect(res.statusCode, `${type} ${b.kind}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoBefore);
          expect(({} as Record<string, unknown>)['access']).toBeUndefined();
        },
      ),
      {
        numRuns: 300,
        examples: [
          ['text/csv', { kind: 'shaped', keys: ['__proto__.access', 'x'], leaf: 'public' }, 'echo'],
          ['application/json', { kind: 'shaped', keys: ['__proto__', 'access'], leaf: 'public' }, 'walk'],
          ['application/xml', { kind: 'shaped', keys: ['__proto__', 'constructor'], leaf: 'public' }, 'walk'],
        ],
      },
    );
    expect(statuses.get(200) ?? 0).toBeGreaterThan(10);
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json().status).toBe('UP');
  });
});
