/**
 * `target[key] = value`, except that a `__proto__` key (a column, tag or attribute name taken from the input)
 * becomes an own property instead of replacing the object's prototype.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
