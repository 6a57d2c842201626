// HL7 v2 (ER7) normaliser throughput on the sample ADT^A01 and ORU^R01, plus node-hl7-client's parser alone
// for comparison (docs/normalizers.md explains the choice). Run after `npm run build`.
import { readFileSync } from 'node:fs';
import hl7v2 from '@mapx/normalizer-hl7v2';
import { Message } from 'node-hl7-client';
import { benchNormalizer, measure, quietContext } from './normalizers-common.js';

const fixtures = new URL('../plugins/normalizers/hl7v2/test/fixtures/', import.meta.url);
const adt = readFileSync(new URL('adt-a01.hl7', fixtures), 'utf8');
const oru = readFileSync(new URL('oru-r01.hl7', fixtures), 'utf8');
const normalizer = await hl7v2.create({ preloadVersions: ['2.5.1'] }, quietContext(undefined));
const type = 'x-application/hl7-v2+er7';

await benchNormalizer('hl7v2-adt-a01', normalizer, type, adt, { fields: { unit: 'msg/s' } });
await benchNormalizer('hl7v2-oru-r01', normalizer, type, oru, { fields: { unit: 'msg/s' } });
const batch = `FHS|^~\\&|APP\rBHS|^~\\&|APP\r${Array.from({ length: 100 }, () => adt).join('')}BTS|100\rFTS|1\r`;
await benchNormalizer('hl7v2-batch-100-adt-a01', normalizer, type, batch, { fields: { unit: 'batch/s' } });

// node-hl7-client builds its tree only (no names, no dates): the floor a library-based design starts from.
// message → segments → fields → repetitions → components → sub-components (strings, escapes decoded).
const walk = (node, depth = 0) =>
  depth === 5 ? node.toString() : node.toArray().map((n) => walk(n, depth + 1));
const perSecond = measure(() => walk(new Message({ text: adt })));
console.log(
  JSON.stringify({
    bench: 'normalizers',
    scenario: 'node-hl7-client-parse-only-adt-a01',
    opsPerSec: Math.round(perSecond),
    unit: 'msg/s',
    node: process.version,
  }),
);
