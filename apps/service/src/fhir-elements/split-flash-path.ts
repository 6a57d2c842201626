export interface PathSegment {
  readonly name: string;
  readonly slices: readonly string[];
}

/**
 * Splits a FLASH path (`component[SystolicBP].value`, `extension[http://x.org/a.b].value`) into segments;
 * dots inside brackets belong to the slice. Undefined for malformed paths.
 */
export function splitFlashPath(path: string): PathSegment[] | undefined {
  const segments: PathSegment[] = [];
  let name = '';
  let slices: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const ch = path[i] as string;
    if (ch === '[') {
      const close = path.indexOf(']', i);
      if (close < 0 || !name) return undefined;
      slices.push(path.slice(i + 1, close));
      i = close;
    } else if (ch === '.') {
      if (!name) return undefined;
      segments.push({ name, slices });
      name = '';
      slices = [];
    } else if (slices.length) return undefined;
    else name += ch;
  }
  if (name) segments.push({ name, slices });
  else if (path !== '') return undefined;
  return segments;
}
