/**
 * Runs the standard mappings the way the service does, without the service: the folder's mappings as saved
 * mappings (functions), its ConceptMaps in the terminology runtime, HL7 v2 text through the real normaliser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { createEngine, type Engine, type MappingResolver, type VerboseReport } from '@mapx/engine';
import { loadFhirContext, type FhirContext } from '@mapx/fhir';
import hl7v2 from '@mapx/normalizer-hl7v2';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const MAPPINGS_DIR = join(ROOT, 'mappings');
export const CONCEPTMAPS_DIR = join(ROOT, 'conceptmaps');

export function readMappings(): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readdirSync(MAPPINGS_DIR))
    if (f.endsWith('.mapx')) out.set(f.slice(0, -5), readFileSync(join(MAPPINGS_DIR, f), 'utf8'));
  return out;
}

export function readConceptMaps(): Record<string, unknown>[] {
  return readdirSync(CONCEPTMAPS_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(CONCEPTMAPS_DIR, f), 'utf8')) as Record<string, unknown>);
}

let resolver: MappingResolver | undefined;
let ready: Promise<{ engine: Engine; mappings: Map<string, string> }> | undefined;

async function setUp() {
  const ctx: FhirContext = await loadFhirContext({
    fhirVersion: '4.0.1',
    packages: [],
    cacheDir: join(tmpdir(), 'mapx-standard-content-fhir'),
    registryUrl: 'n/a',
  });
  ctx.terminology?.addConceptMaps(readConceptMaps());
  const engine = createEngine({ fhir: () => ctx });
  return { engine, mappings: readMappings() };
}

interface Normalized {
  ok: boolean;
  value?: unknown;
  issues?: unknown[];
  warnings?: unknown[];
}
const normalizer = (
  hl7v2 as unknown as { create: (o: unknown) => { normalize: (i: unknown) => Normalized } }
).create({ preloadVersions: [] });

/** ER7 text → the JSON a mapping sees (throws on a normaliser issue). */
export function normalize(er7: string): { value: unknown; warnings: unknown[] } {
  const r = normalizer.normalize({
    body: er7,
    mediaType: { essence: 'x-application/hl7-v2+er7', params: {} },
    raw: true,
  });
  if (!r.ok) throw new Error(`normaliser: ${JSON.stringify(r.issues)}`);
  return { value: r.value, warnings: r.warnings ?? [] };
}

/** Evaluates a standard mapping (default the entry `v2ToFhir`) on an ER7 message. */
export async function convert(
  er7: string,
  id = 'v2ToFhir',
  bindings: Record<string, unknown> = {},
): Promise<VerboseReport> {
  ready ??= setUp();
  const { engine, mappings } = await ready;
  const compiled = await engine.compile(mappings.get(id)!);
  const { value } = normalize(er7);
  resolver ??= { keys: () => mappings.keys(), get: (k) => mappings.get(k) };
  return compiled.evaluateVerbose(value, bindings, { mappings: resolver });
}

/** Compiles one mapping source with the harness engine (rejects with the coded compile error). */
export async function compileMapping(source: string): Promise<unknown> {
  ready ??= setUp();
  const { engine } = await ready;
  return engine.compile(source);
}

/** Evaluates a standard mapping on a JSON value (the helpers: v2Clean, v2Text, …), with its bindings. */
export async function evaluateMapping(
  id: string,
  input: unknown,
  bindings: Record<string, unknown> = {},
): Promise<VerboseReport> {
  ready ??= setUp();
  const { engine, mappings } = await ready;
  const compiled = await engine.compile(mappings.get(id)!);
  resolver ??= { keys: () => mappings.keys(), get: (k) => mappings.get(k) };
  return compiled.evaluateVerbose(input, bindings, { mappings: resolver });
}
