interface Node {
  type?: unknown;
  value?: unknown;
  position?: unknown;
  lhs?: unknown;
  rhs?: unknown;
  [k: string]: unknown;
}

/** The engine's `&`: a native that refuses strings over MAPX_MAX_STRING_LENGTH before building them. */
export const CONCAT_FUNCTION = '__concat';

/**
 * Rewrites every `&` node of a compiled JSONata AST, in place, into a call of the engine's concatenation
 * function: JSONata evaluates `&` inside its own closure, where no length bound can reach. Iterative, so a deep
 * AST cannot overflow the stack here.
 */
export function rewriteConcat(ast: unknown): void {
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
    const n = node as Node;
    if (n.type === 'binary' && n.value === '&') toCall(n);
    for (const key of Object.keys(n)) stack.push(n[key]);
  }
}

function toCall(n: Node): void {
  const args = [n.lhs, n.rhs];
  delete n.lhs;
  delete n.rhs;
  n.type = 'function';
  n.value = '(';
  n['procedure'] = { type: 'variable', value: CONCAT_FUNCTION, position: n.position };
  n['arguments'] = args;
}
