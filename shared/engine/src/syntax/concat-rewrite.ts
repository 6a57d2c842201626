import { forEachAstNode } from './ast-walk.js';

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
  forEachAstNode(ast, (n: Node) => {
    if (n.type === 'binary' && n.value === '&') toCall(n);
  });
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
