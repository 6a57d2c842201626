// Writes conceptmaps/<id>.json from the code system tables of the HL7 V2-to-FHIR guide (Apache-2.0), found as
// test-support/corpora.ts finds it: MAPX_CORPORA_DIR, else `shared` beside the checkout.
//   node plugins/stores/standard/test/content/generate-conceptmaps.mjs
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(
  join(fileURLToPath(new URL('../../../../../', import.meta.url)), 'plugins/normalizers/csv/'),
);
const { parse } = require('csv-parse/sync');
const repo = fileURLToPath(new URL('../../../../../', import.meta.url));
const guide = join(
  resolve(process.env.MAPX_CORPORA_DIR || join(repo, '..', 'shared')),
  'v2-to-fhir',
  'mappings',
  'codesystems',
);
const out = fileURLToPath(new URL('../../conceptmaps/', import.meta.url));

/** `AllergySeverity[AllergyIntolerance.criticality]` → `v2AllergySeverityAllergyIntolerancecriticality`: `v2` + the
 * table's name without anything but letters and digits (the rule of scripts/v2-to-fhir-coverage.mjs). */
export const conceptMapId = (name) => `v2${name.replace(/[^A-Za-z0-9]/g, '')}`;
const kebab = (name) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase())
    .join('-');

const v2System = (s) => {
  const m = /^HL7(\d{4})$/i.exec(s.trim());
  return m ? `http://terminology.hl7.org/CodeSystem/v2-${m[1]}` : s.trim() || undefined;
};

for (const file of readdirSync(guide).filter((f) => f.endsWith('.csv'))) {
  const name = file.replace(/^HL7 Concept Map_ /, '').replace(/ - Sheet1\.csv$/, '');
  const rows = parse(readFileSync(join(guide, file), 'utf8'), { relax_column_count: true }).slice(2);
  const groups = new Map();
  rows.forEach((r) => {
    const [code, , system, , , , target, display8, display9, targetSystem] = r.map((c) => (c ?? '').trim());
    if (!code || !target || /\s/.test(code) || /\s/.test(target)) return;
    const key = `${v2System(system) ?? ''}|${targetSystem}`;
    if (!groups.has(key))
      groups.set(key, { source: v2System(system), target: targetSystem || undefined, element: [] });
    const g = groups.get(key);
    if (g.element.some((e) => e.code === code)) return;
    const display = display9 || display8 || undefined;
    g.element.push({
      code,
      target: [{ code: target, ...(display ? { display } : {}), equivalence: 'equivalent' }],
    });
  });
  const id = conceptMapId(name);
  if (id.length > 64) throw new Error(`id too long: ${id}`);
  const cm = {
    resourceType: 'ConceptMap',
    id,
    url: `http://mapx.dev/fhir/ConceptMap/v2-${kebab(name)}`,
    name: id,
    title: `HL7 v2 ${name} to FHIR`,
    status: 'active',
    description: `The HL7 V2-to-FHIR guide's code system map "${name}".`,
    copyright: 'Derived from the HL7 V2-to-FHIR implementation guide mapping tables, Apache License 2.0.',
    group: [...groups.values()].map((g) => ({
      ...(g.source ? { source: g.source } : {}),
      ...(g.target ? { target: g.target } : {}),
      element: g.element,
    })),
  };
  writeFileSync(join(out, `${id}.json`), JSON.stringify(cm, null, 2) + '\n');
}
