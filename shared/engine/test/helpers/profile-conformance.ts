import type { FhirElementDefinition, FhirStructureDefinition } from '@mapx/fhir';

/**
 * An oracle of our own, read straight from a profile's snapshot (no mapx navigator): the elements a resource
 * lacks although the profile makes them mandatory (inside every parent that is present), the elements over
 * their maximum, and the values that differ from a fixed or pattern value. It covers what Medplum's validator
 * skips: type slices of a choice (`value[x]:valueQuantity`) and slices told apart by a nested coding.
 */
export function conformanceProblems(
  sd: FhirStructureDefinition,
  resource: unknown,
  typeDefinition: (type: string) => FhirStructureDefinition | undefined,
): string[] {
  const els = sd.snapshot?.element ?? [];
  const byId = new Map(els.map((e) => [e.id ?? e.path, e]));
  const problems: string[] = [];
  for (const el of els) {
    const id = el.id ?? el.path;
    const at = id.lastIndexOf('.');
    if (at < 0) continue;
    const datatype = unexpandedType(els, el, typeDefinition);
    for (const parent of nodesAt(byId, id.slice(0, at), resource)) {
      const found = childNodes(byId, el, parent);
      // a data type the snapshot does not expand: its own definition applies to each value
      if (datatype) {
        for (const v of found)
          problems.push(...conformanceProblems(datatype, v, typeDefinition).map((p) => `${id} > ${p}`));
      }
      const min = el.min ?? 0;
      if (found.length < min) problems.push(`${id}: ${found.length} < min ${min}`);
      if (el.max !== undefined && el.max !== '*' && found.length > Number(el.max))
        problems.push(`${id}: ${found.length} > max ${el.max}`);
      const want = fixedOrPattern(el);
      if (!want) continue;
      for (const v of found) {
        if (!(want.exact ? sameValue(v, want.value) : contains(v, want.value))) {
          problems.push(
            `${id}: ${JSON.stringify(v)} is not ${want.exact ? 'fixed' : 'pattern'} ${JSON.stringify(want.value)}`,
          );
        }
      }
    }
  }
  return problems;
}

type Defs = Map<string, FhirElementDefinition>;

const STRUCTURAL = new Set(['Element', 'BackboneElement', 'Resource', 'Extension', 'Narrative']);

/** The definition of an element's complex data type when the snapshot lists none of its children. */
function unexpandedType(
  els: readonly FhirElementDefinition[],
  el: FhirElementDefinition,
  typeDefinition: (type: string) => FhirStructureDefinition | undefined,
): FhirStructureDefinition | undefined {
  const type = el.type?.length === 1 ? el.type[0]! : undefined;
  if (!type || !/^[A-Z]/.test(type.code) || STRUCTURAL.has(type.code)) return undefined;
  const id = el.id ?? el.path;
  if (els.some((e) => (e.id ?? e.path).startsWith(id + '.'))) return undefined;
  return typeDefinition(type.profile?.[0] ?? type.code);
}

function nodesAt(byId: Defs, id: string, resource: unknown): unknown[] {
  const at = id.lastIndexOf('.');
  if (at < 0) return [resource];
  const el = byId.get(id);
  if (!el) return [];
  return nodesAt(byId, id.slice(0, at), resource).flatMap((p) => childNodes(byId, el, p));
}

/** The JSON values of one element inside one parent value (arrays flattened, slices matched). */
function childNodes(byId: Defs, el: FhirElementDefinition, parent: unknown): unknown[] {
  if (!isObject(parent)) return [];
  const id = el.id ?? el.path;
  const last = id.slice(id.lastIndexOf('.') + 1);
  const [name, slice] = last.split(':') as [string, string | undefined];
  if (name.endsWith('[x]')) {
    const base = name.slice(0, -3);
    if (slice !== undefined) return flat(parent[slice]);
    return Object.keys(parent)
      .filter((k) => k.startsWith(base) && /^[A-Z]/.test(k.slice(base.length)))
      .flatMap((k) => flat(parent[k]));
  }
  const all = flat(parent[name]);
  if (slice === undefined) return all;
  const sliced = byId.get(id.slice(0, id.lastIndexOf(':')));
  return all.filter((item) => inSlice(byId, sliced, id, item));
}

/** An item belongs to a slice when it has every fixed/pattern value the slice sets on a discriminator path. */
function inSlice(
  byId: Defs,
  sliced: FhirElementDefinition | undefined,
  sliceId: string,
  item: unknown,
): boolean {
  const paths = (sliced?.slicing?.discriminator ?? []).map((d) => d.path);
  let constrained = false;
  for (const [id, el] of byId) {
    if (!id.startsWith(sliceId + '.')) continue;
    const rel = id
      .slice(sliceId.length + 1)
      .split('.')
      .map((s) => s.split(':')[0])
      .join('.');
    const want = fixedOrPattern(el);
    if (!want || !paths.includes(rel)) continue;
    constrained = true;
    if (!valuesAt(item, rel.split('.')).some((v) => contains(v, want.value))) return false;
  }
  return constrained;
}

function valuesAt(v: unknown, steps: string[]): unknown[] {
  if (!steps.length) return [v];
  if (!isObject(v)) return [];
  return flat(v[steps[0]!]).flatMap((x) => valuesAt(x, steps.slice(1)));
}

function fixedOrPattern(el: FhirElementDefinition): { value: unknown; exact: boolean } | undefined {
  for (const [k, v] of Object.entries(el)) {
    if (k.startsWith('fixed')) return { value: v, exact: true };
    if (k.startsWith('pattern')) return { value: v, exact: false };
  }
  return undefined;
}

function contains(v: unknown, pattern: unknown): boolean {
  if (Array.isArray(pattern)) {
    return Array.isArray(v) && pattern.every((p) => v.some((x) => contains(x, p)));
  }
  if (isObject(pattern)) {
    return isObject(v) && Object.entries(pattern).every(([k, p]) => contains(v[k], p));
  }
  return v === pattern;
}

/** A fixed value: the same keys and values, whatever the key order. */
function sameValue(a: unknown, b: unknown): boolean {
  return contains(a, b) && contains(b, a);
}

const flat = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
