import type { MappingStore, PluginContext, PluginLogger } from '@mapx/plugin-api';
import fhirServerStore, { type FhirServerStoreOptions } from '@mapx/store-fhir-server';

export interface LogEntry {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly obj: object | string;
  readonly msg: string | undefined;
}

export function createRecordingLogger(): PluginLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at =
    (level: LogEntry['level']) =>
    (obj: object | string, msg?: string): void => {
      entries.push({ level, obj, msg });
    };
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export type ValidationResult =
  { ok: true; value: FhirServerStoreOptions } | { ok: false; messages: string[]; paths: string[] };

export async function validateOptions(raw: unknown): Promise<ValidationResult> {
  const result = await fhirServerStore.optionsSchema['~standard'].validate(raw);
  if (result.issues) {
    return {
      ok: false,
      messages: result.issues.map((i) => i.message),
      paths: result.issues.map((i) =>
        (i.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.'),
      ),
    };
  }
  return { ok: true, value: result.value };
}

/** Opens the store the way the host does; polling is off unless asked for, to keep tests quiet. */
export async function openStore(
  raw: Record<string, unknown>,
  logger: PluginLogger = createRecordingLogger(),
): Promise<MappingStore> {
  const options = await validateOptions({ pollingIntervalMs: 0, forcedResyncIntervalMs: 0, ...raw });
  if (!options.ok) throw new Error(`bad options: ${options.messages.join('; ')}`);
  const ctx: PluginContext = { logger, env: {}, fhir: () => undefined };
  const store = await fhirServerStore.create(options.value, ctx);
  if (!store) throw new Error('store not configured');
  return store;
}

/** A StructureMap exactly as the reference engine's tooling writes it (mapping-language §9.7). */
export function fumeStructureMap(id: string, expression: string, baseUrl: string): Record<string, unknown> {
  const url = `${baseUrl}/StructureMap/${id}`;
  return {
    resourceType: 'StructureMap',
    id,
    url,
    identifier: [
      { use: 'official', type: { text: 'Canonical URL' }, system: 'urn:ietf:rfc:3986', value: url },
    ],
    name: id,
    title: id,
    status: 'active',
    useContext: [
      {
        code: { system: 'http://snomed.info/sct', code: '706594005', display: 'Information system software' },
        valueCodeableConcept: {
          coding: [{ system: 'http://codes.fume.health', code: 'fume', display: 'FUME' }],
        },
      },
    ],
    group: [
      {
        name: 'fumeMapping',
        typeMode: 'none',
        input: [{ name: 'input', mode: 'source' }],
        rule: [
          {
            name: 'evaluate',
            source: [{ context: 'input' }],
            extension: [
              {
                url: 'http://fhir.fume.health/StructureDefinition/mapping-expression',
                valueExpression: { language: 'application/vnd.outburn.fume', expression },
              },
            ],
          },
        ],
      },
    ],
  };
}

export function aliasConceptMap(
  id: string,
  name: string,
  marker: { system: string; code: string },
  aliases: Record<string, string>,
): Record<string, unknown> {
  return {
    resourceType: 'ConceptMap',
    id,
    name,
    status: 'active',
    useContext: [
      {
        code: { system: 'http://snomed.info/sct', code: '706594005' },
        valueCodeableConcept: { coding: [marker] },
      },
    ],
    group: [
      {
        source: 'http://example.org/alias-names',
        target: 'http://example.org/alias-values',
        element: Object.entries(aliases).map(([code, value]) => ({
          code,
          target: [{ code: value, equivalence: 'equivalent' }],
        })),
      },
    ],
  };
}

export const FUME_MARKER = { system: 'http://codes.fume.health', code: 'fume' };
export const MAPX_MARKER = { system: 'http://mapx.dev/codes', code: 'mapx' };

export async function waitFor(
  predicate: () => boolean,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
