/**
 * Every `$name` a compiled expression reads (variables, called functions, function values), iteratively so a deep
 * AST cannot overflow the stack. Mapping functions are bound only under these names (engine/mapping-natives.ts).
 */
export function referencedNames(ast: unknown): ReadonlySet<string> {
  const names = new Set<string>();
  const seen = new Set<object>();
  const stack: unknown[] = [ast];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const child of node) stack.push(child);
      continue;
    }
    const n = node as Record<string, unknown>;
    if (n['type'] === 'variable' && typeof n['value'] === 'string') names.add(n['value']);
    for (const key of Object.keys(n)) stack.push(n[key]);
  }
  return names;
}
