/** Most output elements the explain report lists (a large Bundle has many). */
export const MAX_ELEMENTS = 5000;

export interface Leaf {
  /** JSON path in the output: `entry[0].resource.name[0].family`. */
  path: string;
  /** The path inside the nearest resource, without indexes, `_` siblings as their element (`name.family`). */
  elementPath: string;
  /** `resourceType` of the nearest resource ('' outside of any). */
  resourceType: string;
  value: unknown;
}

/** Every primitive of the output, in document order (at most MAX_ELEMENTS; `truncated` says when more). */
export function outputLeaves(result: unknown): { leaves: Leaf[]; truncated: boolean } {
  const leaves: Leaf[] = [];
  let truncated = false;
  const walk = (v: unknown, path: string, rel: string[], type: string, depth: number): void => {
    if (leaves.length >= MAX_ELEMENTS || depth > 200) {
      truncated = true;
      return;
    }
    if (v === null || typeof v !== 'object') {
      if (v !== undefined)
        leaves.push({ path: path || '$', elementPath: rel.join('.'), resourceType: type, value: v });
      return;
    }
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, `${path || '$'}[${i}]`, rel, type, depth + 1));
      return;
    }
    const obj = v as Record<string, unknown>;
    const rt = obj['resourceType'];
    const isResource = typeof rt === 'string';
    for (const k of Object.keys(obj)) {
      const name = k.startsWith('_') ? k.slice(1) : k;
      const childRel = isResource ? [name] : [...rel, name];
      walk(obj[k], path ? `${path}.${k}` : k, childRel, isResource ? rt : type, depth + 1);
    }
  };
  walk(result, '', [], '', 0);
  return { leaves, truncated };
}
