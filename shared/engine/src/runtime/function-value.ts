/** True for a JSONata function value: a JavaScript function, a native JSONata wraps, or a lambda. */
export function isFunctionValue(v: unknown): boolean {
  if (typeof v === 'function') return true;
  if (typeof v !== 'object' || v === null) return false;
  const f = v as { _jsonata_function?: unknown; _jsonata_lambda?: unknown };
  return f._jsonata_function === true || f._jsonata_lambda === true;
}
