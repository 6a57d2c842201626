import type { FhirElementDefinition } from '../fhir-types.js';

const SKIP = new Set(['id', 'path', 'sliceName']);

/** Applies a differential element over a snapshot element (in place). */
export function mergeElement(target: FhirElementDefinition, diff: FhirElementDefinition): void {
  const t = target as Record<string, unknown>;
  for (const [key, value] of Object.entries(diff)) {
    if (SKIP.has(key) || value === undefined) continue;
    if (key === 'constraint') t[key] = unionBy(t[key], value, (c) => c.key);
    else if (key === 'mapping') t[key] = unionBy(t[key], value, (m) => `${m.identity}|${m.map}`);
    else if (key === 'condition' || key === 'alias') t[key] = unionBy(t[key], value, (c) => c);
    else if (key === 'extension') t[key] = unionBy(t[key], value, (x) => x.url);
    else if (key === 'slicing') t[key] = { ...(t[key] as object | undefined), ...(value as object) };
    else t[key] = structuredClone(value);
  }
  if (diff.sliceName !== undefined && target.sliceName === undefined) target.sliceName = diff.sliceName;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON items of several shapes
function unionBy(base: unknown, add: unknown, key: (x: any) => unknown): unknown[] {
  const out = Array.isArray(base) ? [...(base as unknown[])] : [];
  const seen = new Set(out.map(key));
  for (const item of Array.isArray(add) ? add : []) {
    const k = key(item);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(structuredClone(item));
    }
  }
  return out;
}
