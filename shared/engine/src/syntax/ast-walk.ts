/**
 * Visits every object node of a compiled JSONata AST once, parent before children, iteratively so a deep AST
 * cannot overflow the stack. `visit` may rewrite the node in place: its children are read after the visit.
 */
export function forEachAstNode(ast: unknown, visit: (node: Record<string, unknown>) => void): void {
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
    visit(n);
    for (const key of Object.keys(n)) stack.push(n[key]);
  }
}
