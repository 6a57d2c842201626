// XML normalisers on a generated ~1 MB FHIR XML Bundle (official R4 examples as entries): FHIR XML → FHIR
// JSON, the same document through the generic XML normaliser, and fast-xml-parser's parse alone for
// comparison (docs/normalizers.md). Needs `npm run build` (uses @mapx/fhir for the definitions).
import { readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { loadFhirContext } from '@mapx/fhir';
import fhirXml from '@mapx/normalizer-fhir-xml';
import xml from '@mapx/normalizer-xml';
import { benchNormalizer, measure, quietContext } from './normalizers-common.js';

const examples = new URL('../plugins/normalizers/fhir-xml/test/fixtures/r4/', import.meta.url);
const resources = readdirSync(examples)
  .filter((f) => f.endsWith('.xml') && f !== 'binary-example.xml')
  .map((f) => readFileSync(new URL(f, examples), 'utf8').replace(/^\uFEFF?<\?xml[^>]*\?>/, ''));
const entries = [];
for (let size = 0, i = 0; size < 1_000_000; i++) {
  const entry = `<entry><fullUrl value="urn:uuid:00000000-0000-4000-8000-${String(i).padStart(12, '0')}"/><resource>${resources[i % resources.length]}</resource></entry>`;
  entries.push(entry);
  size += entry.length;
}
const bundle = `<?xml version="1.0" encoding="UTF-8"?>\n<Bundle xmlns="http://hl7.org/fhir"><type value="collection"/>${entries.join('\n')}</Bundle>`;

const fhir = await loadFhirContext({
  fhirVersion: '4.0.1',
  packages: [],
  cacheDir: join(tmpdir(), 'mapx-bench-fhir-cache'),
  registryUrl: 'n/a',
});
const fields = { unit: 'documents/s', entries: entries.length };
const fhirNormalizer = await fhirXml.create({}, quietContext(fhir));
await benchNormalizer('fhir-xml-bundle-1mb', fhirNormalizer, 'application/fhir+xml', bundle, { fields });
const generic = await xml.create({}, quietContext(undefined));
await benchNormalizer('generic-xml-bundle-1mb', generic, 'application/xml', bundle, { fields });

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  parseTagValue: false,
  trimValues: false,
});
const perSecond = measure(() => parser.parse(bundle, true), 3);
console.log(
  JSON.stringify({
    bench: 'normalizers',
    scenario: 'fast-xml-parser-validate-and-parse-only-bundle-1mb',
    opsPerSec: Number(perSecond.toFixed(2)),
    mbPerSec: Number(((perSecond * Buffer.byteLength(bundle)) / 1e6).toFixed(2)),
    node: process.version,
  }),
);
