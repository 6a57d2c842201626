import { forEachAstNode } from './ast-walk.js';

/**
 * Every `$name` a compiled expression reads (variables, called functions, function values), iteratively so a deep
 * AST cannot overflow the stack. Mapping functions are bound only under these names (engine/mapping-natives.ts).
 */
export function referencedNames(ast: unknown): ReadonlySet<string> {
  const names = new Set<string>();
  forEachAstNode(ast, (n) => {
    if (n['type'] === 'variable' && typeof n['value'] === 'string') names.add(n['value']);
  });
  return names;
}
