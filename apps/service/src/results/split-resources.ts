import { compactJson } from '@mapx/engine';

/** A resource type usable as a file name; anything else from a result goes to the `other` file. */
const RESOURCE_TYPE = /^[A-Z][A-Za-z0-9]{0,63}$/;
export const OTHER = 'other';

export interface TypedLine {
  readonly type: string;
  readonly json: string;
}

/**
 * The resources of one result, each with its type: a Bundle's entries' resources (a transaction or collection
 * is unpacked), an array's items, or the result itself. Values that are not resources keep the `other` type.
 */
export function splitResources(result: unknown, out: TypedLine[] = []): TypedLine[] {
  if (Array.isArray(result)) {
    for (const item of result) splitResources(item, out);
    return out;
  }
  const type = resourceType(result);
  if (type === 'Bundle') {
    const entries = (result as { entry?: unknown }).entry;
    if (Object.hasOwn(result as object, 'entry') && Array.isArray(entries)) {
      for (const entry of entries) {
        const resource = isObject(entry) && Object.hasOwn(entry, 'resource') ? entry.resource : undefined;
        if (resource !== undefined) splitResources(resource, out);
      }
      return out;
    }
  }
  // undefined inside an array (JSON writes it as null there) has no JSON text of its own
  out.push({ type: type ?? OTHER, json: compactJson(result) ?? 'null' });
  return out;
}

function resourceType(value: unknown): string | undefined {
  if (!isObject(value) || !Object.hasOwn(value, 'resourceType')) return undefined;
  const type = value.resourceType;
  return typeof type === 'string' && RESOURCE_TYPE.test(type) && type !== OTHER ? type : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
