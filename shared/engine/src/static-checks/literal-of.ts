import type { ExprAst } from '../syntax/ast.js';
import { nativeValueOf } from '../syntax/native-expr.js';
import type { Parsed } from '../syntax/parser.js';

/** A rule value that is a single literal token (`"final"`, `42`, `true`); undefined otherwise. */
export function literalOf(p: Parsed, value: ExprAst | undefined): { value: unknown } | undefined {
  if (!value) return undefined;
  const v = nativeValueOf(p, value);
  return v?.kind === 'literal' ? { value: v.value } : undefined;
}
