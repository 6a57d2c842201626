import type { PluginLogger } from '@mapx/plugin-api';
import type { FhirResource, UsageContext } from './fhir-types.js';
import {
  FUME_ALIASES_NAME,
  FUME_CODE,
  FUME_CODE_SYSTEM,
  INFORMATION_SYSTEM_SOFTWARE,
  MAPX_ALIASES_NAME,
  MAPX_CODE,
  MAPX_CODE_SYSTEM,
  SNOMED,
} from './mapx-namespace.js';

const ALIAS_NAME_PATTERN = /^[A-Za-z0-9_]+$/;

/** Search that finds both engines' alias ConceptMaps; the server may match names loosely, so results are filtered. */
export const ALIAS_SEARCH = `ConceptMap?name=${MAPX_ALIASES_NAME},${FUME_ALIASES_NAME}`;

interface AliasConceptMap extends FhirResource {
  readonly name?: string;
  readonly useContext?: readonly UsageContext[];
  readonly group?: readonly {
    readonly element?: readonly {
      readonly code?: unknown;
      readonly target?: readonly { readonly code?: unknown }[];
    }[];
  }[];
}

/** Whether `resource` is an alias ConceptMap of mapx (`mapx`) or of the reference engine (`fume`). */
export function aliasMapKind(resource: FhirResource): 'mapx' | 'fume' | undefined {
  if (resource.resourceType !== 'ConceptMap') return undefined;
  const map = resource as AliasConceptMap;
  if (map.name === MAPX_ALIASES_NAME && hasMarker(map, MAPX_CODE_SYSTEM, MAPX_CODE)) return 'mapx';
  if (map.name === FUME_ALIASES_NAME && hasMarker(map, FUME_CODE_SYSTEM, FUME_CODE)) return 'fume';
  return undefined;
}

function hasMarker(map: AliasConceptMap, system: string, code: string): boolean {
  return (map.useContext ?? []).some(
    (ctx) =>
      ctx.code?.system === SNOMED &&
      ctx.code.code === INFORMATION_SYSTEM_SOFTWARE &&
      (ctx.valueCodeableConcept?.coding ?? []).some((c) => c.system === system && c.code === code),
  );
}

/**
 * Server aliases (mapping-language §9.7): the one mapx alias ConceptMap, else the one reference-engine alias
 * ConceptMap. Several candidates of the chosen kind are ambiguous: logged, and no server aliases at all.
 */
export function readServerAliases(
  candidates: readonly FhirResource[],
  logger: PluginLogger,
): Map<string, string> {
  const mapx = candidates.filter((r) => aliasMapKind(r) === 'mapx');
  const chosen = mapx.length > 0 ? mapx : candidates.filter((r) => aliasMapKind(r) === 'fume');
  const aliases = new Map<string, string>();
  if (chosen.length > 1) {
    logger.error(
      { ids: chosen.map((r) => r.id) },
      'FHIR server: several alias ConceptMaps found; server aliases ignored until only one remains',
    );
    return aliases;
  }
  for (const group of (chosen[0] as AliasConceptMap | undefined)?.group ?? []) {
    for (const element of group.element ?? []) {
      const value = element.target?.[0]?.code;
      if (
        typeof element.code === 'string' &&
        ALIAS_NAME_PATTERN.test(element.code) &&
        typeof value === 'string'
      ) {
        aliases.set(element.code, value);
      }
    }
  }
  return aliases;
}
