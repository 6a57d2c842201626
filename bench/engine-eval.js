// Engine micro-benchmarks (in-process): compile time; evaluations/s for a plain JSONata object, a FLASH Patient,
// the FLASH `bp` Observation (literal and input values), the HL7 ADT^A01 → transaction Bundle mapping (input
// normalised once); FLASH vs plain JSONata building the same object. One JSON line per scenario; ratios come
// from the same run. Needs `npx tsc -b shared/engine` (and the hl7v2 normaliser built for the ADT scenario).
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFhirContext } from '@mapx/fhir';
import { createEngine } from '@mapx/engine';
import hl7v2 from '@mapx/normalizer-hl7v2';
import { parseMediaType } from '@mapx/plugin-api';

const fhir = await loadFhirContext({
  fhirVersion: '4.0.1',
  packages: [],
  cacheDir: process.env.MAPX_BENCH_FHIR_CACHE ?? join(tmpdir(), 'mapx-bench-fhir'),
  registryUrl: 'n/a',
});
const engine = createEngine({ fhir: () => fhir, cacheMaxEntries: 10_000 });
const input = { mrn: 'A1', first: 'Dana', last: 'Levi', dob: '1990-05-17', sex: 'female' };

const PLAIN_PATIENT = `{"resourceType": "Patient", "id": mrn, "active": true,
  "name": [{"family": last, "given": [first]}], "gender": sex, "birthDate": dob}`;
const FLASH_PATIENT = `InstanceOf: Patient
* id = mrn
* active = true
* name
  * family = last
  * given = first
* gender = sex
* birthDate = dob`;
const BP = `InstanceOf: bp
* status = 'final'
* subject.reference = 'Patient/123'
* effectiveDateTime = '2023-10-01T00:00:00Z'
* component[SystolicBP].value = 120
* component[DiastolicBP].value = 80`;

const BP_INPUT = `InstanceOf: bp
* status = 'final'
* subject.reference = 'Patient/123'
* effectiveDateTime = '2023-10-01T00:00:00Z'
* component[SystolicBP].value = sys
* component[DiastolicBP].value = dia`;

const fixtures = join(import.meta.dirname, 'fixtures');
const quiet = { logger: { debug() {}, info() {}, warn() {}, error() {} }, env: {}, fhir: () => undefined };
const normalizer = await hl7v2.create({ preloadVersions: ['2.5.1'] }, quiet);
const adt = await normalizer.normalize({
  body: readFileSync(join(fixtures, 'adt-a01.hl7'), 'utf8'),
  mediaType: parseMediaType('x-application/hl7-v2+er7'),
});
if (!adt.ok) throw new Error('the ADT^A01 fixture did not normalise');

async function throughput(name, source, data = input, ms = 2000) {
  const compiled = await engine.compile(source);
  for (let i = 0; i < 300; i++) await compiled.evaluate(data);
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    await Promise.all(Array.from({ length: 50 }, () => compiled.evaluate(data)));
    n += 50;
  }
  const secs = (performance.now() - t0) / 1000;
  const line = {
    bench: 'engine',
    scenario: name,
    evaluationsPerSec: Math.round(n / secs),
    meanUs: +((secs * 1e6) / n).toFixed(1),
  };
  console.log(JSON.stringify(line));
  return line;
}

async function compileTime(name, source, runs = 200) {
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) await engine.compile(`${source}\n/* ${name} ${i} */`);
  const line = {
    bench: 'engine',
    scenario: `compile:${name}`,
    meanMs: +((performance.now() - t0) / runs).toFixed(3),
  };
  console.log(JSON.stringify(line));
}

await compileTime('plain-object', PLAIN_PATIENT);
await compileTime('flash-patient', FLASH_PATIENT);
await compileTime('flash-bp', BP);
const plain = await throughput('plain-jsonata-patient', PLAIN_PATIENT);
const flash = await throughput('flash-patient', FLASH_PATIENT);
const bp = await throughput('flash-bp', BP);
await throughput('flash-bp-input-values', BP_INPUT, { sys: 120, dia: 80 });
await throughput(
  'flash-adt-a01-bundle',
  readFileSync(join(fixtures, 'adt-to-bundle.mapx'), 'utf8'),
  adt.value,
);
console.log(
  JSON.stringify({
    bench: 'engine',
    scenario: 'ratio:flash-vs-plain-patient',
    costRatio: +(plain.evaluationsPerSec / flash.evaluationsPerSec).toFixed(2),
    target: '<= 2',
    bpTarget: '>= 5000/s',
    bpEvaluationsPerSec: bp.evaluationsPerSec,
  }),
);
