import { compileSource } from '../shared/engine/dist/engine/compile-source.js';
import { loadFhirContext } from '../shared/fhir/dist/index.js';
import { BP, PATIENT, ADT_MAPPING } from './lib/scenarios.js';
import { tmpdir } from 'node:os'; import { join } from 'node:path';
const fhir = await loadFhirContext({ fhirVersion: '4.0.1', packages: [], cacheDir: join(tmpdir(), 'mapx-bench-fhir-cache') });
for (const s of [BP, process.argv[2] === 'adt' ? ADT_MAPPING : PATIENT]) {
  const c = compileSource(s, { fhir, unavailable: () => undefined, timeoutMs: 5000, maxDepth: 1000 });
  console.log(c.lowered); console.log('---');
}
