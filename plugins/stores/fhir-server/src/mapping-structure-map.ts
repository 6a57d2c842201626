import type { FhirResource, UsageContext } from './fhir-types.js';
import {
  EXPRESSION_EXTENSIONS,
  INFORMATION_SYSTEM_SOFTWARE,
  MAPX_STRUCTURE_MAP_MARKS,
  SNOMED,
  type StructureMapMarks,
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

/**
 * The canonical StructureMap for mapping `id` (the §9.7 shape), marked as mapx's own unless other `marks` are
 * given (tests write the reference engine's maps with it).
 */
export function buildMappingStructureMap(
  id: string,
  expression: string,
  baseUrl: string,
  marks: StructureMapMarks = MAPX_STRUCTURE_MAP_MARKS,
): FhirResource {
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
        valueCodeableConcept: { coding: [{ ...marks.coding }] },
      },
    ],
    group: [
      {
        name: marks.groupName,
        typeMode: 'none',
        input: [{ name: 'input', mode: 'source' }],
        rule: [
          {
            name: 'evaluate',
            source: [{ context: 'input' }],
            extension: [
              {
                url: marks.expressionExtension,
                valueExpression: { language: marks.expressionLanguage, expression },
              },
            ],
          },
        ],
      },
    ],
  };
}
