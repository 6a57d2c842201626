const siblings = new Map<string, string>();

/**
 * `_name` for a JSON name, interned: building it per lookup allocated a fresh string that V8 had to hash and
 * internalise on every property access of the hot FLASH paths.
 */
export function siblingName(name: string): string {
  let s = siblings.get(name);
  if (s === undefined) {
    s = '_' + name;
    siblings.set(name, s);
  }
  return s;
}
