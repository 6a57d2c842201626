import type { FhirResource } from '@mapx/engine';

const RESOURCE_TYPE = /^[A-Z][A-Za-z0-9]{0,63}$/;

/** The resources a result sends to a server: the result itself, or each item of an array; others are refused. */
export function splitTopLevel(result: unknown): FhirResource[] {
  const items = Array.isArray(result) ? result : [result];
  return items.map((item) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw new Error('a result is not a resource');
    const type = Object.hasOwn(item, 'resourceType')
      ? (item as { resourceType?: unknown }).resourceType
      : undefined;
    if (typeof type !== 'string' || !RESOURCE_TYPE.test(type))
      throw new Error('a result has no valid resourceType');
    return item as FhirResource;
  });
}
