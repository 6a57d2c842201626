import type { MappingStore, PluginLogger } from '@mapx/plugin-api';
import { createTestPluginContext } from '@mapx/plugin-testkit/normalizer';
import {
  createRecordingLogger,
  instantiateStore,
  validatePluginOptions,
  type OptionsValidation,
} from '@mapx/plugin-testkit/store';
import fhirServerStore, { type FhirServerStoreOptions } from '@mapx/store-fhir-server';
import { buildMappingStructureMap } from '../src/mapping-structure-map.js';
import { FUME_STRUCTURE_MAP_MARKS } from '../src/mapx-namespace.js';

export function validateOptions(raw: unknown): Promise<OptionsValidation<FhirServerStoreOptions>> {
  return validatePluginOptions(fhirServerStore, raw);
}

/** Opens the store the way the host does; polling is off unless asked for, to keep tests quiet. */
export async function openStore(
  raw: Record<string, unknown>,
  logger: PluginLogger = createRecordingLogger(),
): Promise<MappingStore> {
  const options = { pollingIntervalMs: 0, forcedResyncIntervalMs: 0, ...raw };
  const store = await instantiateStore(fhirServerStore, options, createTestPluginContext({ logger }));
  if (!store) throw new Error('store not configured');
  return store;
}

/** A StructureMap as the reference engine's tooling writes it (mapping-language §9.7). */
export function fumeStructureMap(id: string, expression: string, baseUrl: string): Record<string, unknown> {
  return { ...buildMappingStructureMap(id, expression, baseUrl, FUME_STRUCTURE_MAP_MARKS) };
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
