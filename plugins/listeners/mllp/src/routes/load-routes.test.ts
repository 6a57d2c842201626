import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMsh } from '../hl7/msh-header.js';
import { loadRoutes } from './load-routes.js';
import { routeFor } from './route-table.js';

const dir = mkdtempSync(join(tmpdir(), 'mapx-mllp-routes-'));
let n = 0;
function file(text: string): string {
  const path = join(dir, `routes-${n++}.yaml`);
  writeFileSync(path, text);
  return path;
}
const msh = (type: string, app = 'LAB', facility = 'MAIN') =>
  readMsh(Buffer.from(`MSH|^~\\&|${app}^1.2^ISO|${facility}|R|F|2024||${type}|1|P|2.5\r`))!;

describe('MLLP_ROUTES', () => {
  it('picks the most specific route, then the default', () => {
    const table = loadRoutes(
      file(`routes:
  - { message: "ADT^*", mapping: anyAdt }
  - { message: "ADT^A01", mapping: admit }
  - { message: "ADT^A01", sendingApplication: LAB, mapping: labAdmit }
  - { message: "ADT^A01", sendingApplication: LAB, sendingFacility: MAIN, mapping: labMainAdmit }
  - { message: ORU, mapping: results }
default: fallback
`),
    );
    expect(routeFor(table, msh('ADT^A01'))).toBe('labMainAdmit');
    expect(routeFor(table, msh('ADT^A01', 'LAB', 'OTHER'))).toBe('labAdmit');
    expect(routeFor(table, msh('ADT^A01', 'EHR'))).toBe('admit');
    expect(routeFor(table, msh('ADT^A08', 'EHR'))).toBe('anyAdt');
    expect(routeFor(table, msh('ORU^R01^ORU_R01'))).toBe('results');
    expect(routeFor(table, msh('SIU^S12'))).toBe('fallback');
  });

  it.each([
    ['routes: [', /not valid YAML/],
    ['routes:\n  - { message: "ADT^A01", mapping: "my-map" }', /routes\.0\.mapping: a mapping id must match/],
    [
      'routes:\n  - { message: "adt a01", mapping: m }',
      /routes\.0\.message: expected MSH-9 as TYPE\^TRIGGER/,
    ],
    ['routes:\n  - { message: "ADT^A01", mapping: m, extra: 1 }', /routes\.0: Unrecognized key: "extra"/],
    [
      'routes:\n  - { message: "ADT^A01", mapping: m, __proto__: { x: 1 } }',
      /routes\.0: Unrecognized key: "__proto__"/,
    ],
    [
      'routes:\n  - { message: "ADT^A01", mapping: a }\n  - { message: "ADT^A01", mapping: b }',
      /routes\.1: matches the same messages as routes\.0/,
    ],
    ['routes: []', /no route/],
    ['default: x\ndefault: y', /not valid YAML: Map keys must be unique/],
  ])('refuses %j with a message naming the file and the place', (text, message) => {
    const path = file(text);
    expect(() => loadRoutes(path)).toThrow(message);
    expect(() => loadRoutes(path)).toThrow(`MLLP_ROUTES ${path}: `);
  });

  it('refuses a missing file', () => {
    expect(() => loadRoutes(join(dir, 'absent.yaml'))).toThrow(/absent\.yaml: cannot be read: ENOENT/);
  });
});
