/** One difference between two JSON values, addressed by a JSONata-like path (`name[0].given[1]`). */
export interface JsonChange {
  readonly path: string;
  readonly kind: 'added' | 'removed' | 'changed';
  readonly before?: unknown;
  readonly after?: unknown;
}

type Json = unknown;

function isRecord(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function keyPath(parent: string, key: string): string {
  const safe = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `\`${key}\``;
  return parent === '' ? safe : `${parent}.${safe}`;
}

function sameScalar(a: Json, b: Json): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

function diffArrays(before: Json[], after: Json[], path: string, out: JsonChange[]): void {
  const shared = Math.min(before.length, after.length);
  for (let i = 0; i < shared; i++) diffInto(before[i], after[i], `${path}[${i}]`, out);
  for (let i = shared; i < after.length; i++)
    out.push({ path: `${path}[${i}]`, kind: 'added', after: after[i] });
  for (let i = shared; i < before.length; i++)
    out.push({ path: `${path}[${i}]`, kind: 'removed', before: before[i] });
}

function diffRecords(
  before: Record<string, Json>,
  after: Record<string, Json>,
  path: string,
  out: JsonChange[],
): void {
  for (const key of Object.keys(before)) {
    const child = keyPath(path, key);
    if (!(key in after)) out.push({ path: child, kind: 'removed', before: before[key] });
    else diffInto(before[key], after[key], child, out);
  }
  for (const key of Object.keys(after)) {
    if (!(key in before)) out.push({ path: keyPath(path, key), kind: 'added', after: after[key] });
  }
}

function diffInto(before: Json, after: Json, path: string, out: JsonChange[]): void {
  if (Array.isArray(before) && Array.isArray(after)) return diffArrays(before, after, path, out);
  if (isRecord(before) && isRecord(after)) return diffRecords(before, after, path, out);
  if (!sameScalar(before, after))
    out.push({ path: path === '' ? '$' : path, kind: 'changed', before, after });
}

/**
 * Structural difference between two run results. Arrays are compared position by position, which is what a
 * mapping author expects when the same input is re-run after an edit: `component[1].valueQuantity.value`.
 * `undefined` (no result) on either side counts as a plain value.
 */
export function diffJson(before: Json, after: Json): JsonChange[] {
  const out: JsonChange[] = [];
  diffInto(before, after, '', out);
  return out;
}
