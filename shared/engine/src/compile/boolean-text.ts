/** `true`/`false` in any case: the only strings that are booleans as written (decision 14). */
export function canonicalBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string' || (value.length !== 4 && value.length !== 5)) return undefined;
  const lower = value.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : undefined;
}

/** JSONata truthiness of a string or number: what the specified conversion gives for anything else. */
export function truthOf(value: string | number): boolean {
  return typeof value === 'string' ? value.length > 0 : value !== 0 && !Number.isNaN(value);
}
