/** A shallow copy that stores every key as an own property (`__proto__` included, never followed). */
export function ownCopy(obj: object): Record<string, unknown> {
  const out = Object.create(Object.getPrototypeOf(obj) as object | null) as Record<string, unknown>;
  for (const k of Object.keys(obj)) setOwn(out, k, (obj as Record<string, unknown>)[k]);
  return out;
}

export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
