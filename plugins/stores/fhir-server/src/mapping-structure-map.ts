import type { FhirResource, UsageContext } from './fhir-types.js';
import {
  EXPRESSION_EXTENSIONS,
  INFORMATION_SYSTEM_SOFTWARE,
  MAPX_CODE,
  MAPX_CODE_SYSTEM,
  MAPX_EXPRESSION_EXTENSION,
  MAPX_MEDIA_TYPE,
  SNOMED,
} from './mapx-namespace.js';

/** Keys of server mappings (mapping-language §9.7); ids with `-` or `.` are not mappings. */
const SERVER_KEY_PATTERN = /^[A-Za-z0-9_]+$/;

interface Extension {
  readonly url?: string;
  readonly valueExpression?: { readonly expression?: unknown };
}

interface StructureMapLike extends FhirResource {
  readonly useContext?: readonly UsageContext[];
  readonly group?: readonly { readonly rule?: readonly { readonly extension?: readonly Extension[] }[] }[];
}

/**
 * The expression of a StructureMap that holds a mapx or reference-engine mapping, or undefined when the resource
 * is some other StructureMap.
 */
export function readMappingExpression(resource: FhirResource): string | undefined {
  if (resource.resourceType !== 'StructureMap' || !SERVER_KEY_PATTERN.test(resource.id ?? ''))
    return undefined;
  const map = resource as StructureMapLike;
  if (map.useContext !== undefined && !map.useContext.some(isEngineContext)) return undefined;
  for (const group of map.group ?? []) {
    for (const rule of group.rule ?? []) {
      for (const ext of rule.extension ?? []) {
        const expression = ext.valueExpression?.expression;
        if (EXPRESSION_EXTENSIONS.has(ext.url ?? '') && typeof expression === 'string' && expression !== '') {
          return expression;
        }
      }
    }
  }
  return undefined;
}

function isEngineContext(context: UsageContext): boolean {
  return (context.valueCodeableConcept?.coding ?? []).some(
    (c) => /fume|mapx/.test(c.system ?? '') || c.code === 'fume' || c.code === 'mapx',
  );
}

/** The canonical StructureMap mapx writes for mapping `id` (the §9.7 shape, with the mapx namespace). */
export function buildMappingStructureMap(id: string, expression: string, baseUrl: string): FhirResource {
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
    date: new Date().toISOString(),
    useContext: [
      {
        code: { system: SNOMED, code: INFORMATION_SYSTEM_SOFTWARE, display: 'Information system software' },
        valueCodeableConcept: { coding: [{ system: MAPX_CODE_SYSTEM, code: MAPX_CODE, display: 'mapx' }] },
      },
    ],
    group: [
      {
        name: 'mapxMapping',
        typeMode: 'none',
        input: [{ name: 'input', mode: 'source' }],
        rule: [
          {
            name: 'evaluate',
            source: [{ context: 'input' }],
            extension: [
              {
                url: MAPX_EXPRESSION_EXTENSION,
                valueExpression: { language: MAPX_MEDIA_TYPE, expression },
              },
            ],
          },
        ],
      },
    ],
  };
}
