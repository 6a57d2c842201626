/** A node of JSONata's processed AST, as the synchronous compilers of this folder read it. */
export type AstNode = Record<string, unknown>;

/**
 * The keys each node type may carry in the languages compiled here; any other key (a predicate, a group,
 * `keepArray`, stages, …) means "not covered".
 */
export const NODE_KEYS: Readonly<Record<string, ReadonlySet<string>>> = {
  string: new Set(['type', 'value', 'position']),
  number: new Set(['type', 'value', 'position']),
  value: new Set(['type', 'value', 'position']),
  name: new Set(['type', 'value', 'position']),
  variable: new Set(['type', 'value', 'position']),
  path: new Set(['type', 'steps', 'position']),
  binary: new Set(['type', 'value', 'lhs', 'rhs', 'position']),
  condition: new Set(['type', 'condition', 'then', 'else', 'position']),
  block: new Set(['type', 'expressions', 'position']),
  function: new Set(['type', 'value', 'procedure', 'arguments', 'position']),
  object: new Set(['type', 'value', 'lhs', 'position']),
  array: new Set(['type', 'value', 'expressions', 'consarray', 'position']),
  negation: new Set(['type', 'value', 'expression', 'position']),
};

/** Own keys: the parser's nodes inherit its token fields (`id`, `lbp`, `nud`), which carry no meaning here. */
export function onlyKeys(n: AstNode, allowed: ReadonlySet<string>): boolean {
  for (const key of Object.keys(n)) if (!allowed.has(key)) return false;
  return true;
}

/** The kind of a literal node (a finite number, a string, true, false or null), or undefined. */
export function literalKind(n: AstNode): 'string' | 'number' | 'value' | undefined {
  switch (n.type) {
    case 'string':
      return typeof n.value === 'string' ? 'string' : undefined;
    case 'number':
      return typeof n.value === 'number' && Number.isFinite(n.value) ? 'number' : undefined;
    case 'value':
      return n.value === true || n.value === false || n.value === null ? 'value' : undefined;
    default:
      return undefined;
  }
}

/** Each item compiled, or undefined when `items` is not a list or one of them is not covered. */
export function compileEach<T>(items: unknown, compile: (n: AstNode) => T | undefined): T[] | undefined {
  if (!Array.isArray(items)) return undefined;
  const out: T[] = [];
  for (const item of items) {
    const compiled = compile(item as AstNode);
    if (!compiled) return undefined;
    out.push(compiled);
  }
  return out;
}
