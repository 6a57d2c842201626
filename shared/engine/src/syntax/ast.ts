/** The structural AST: plain JSONata token ranges with FLASH blocks carved out of them. */
export interface ExprAst {
  from: number; // token index, inclusive
  to: number; // token index, exclusive
  pieces: Piece[];
}

export type Piece = { kind: 'tokens'; from: number; to: number } | { kind: 'block'; block: BlockAst };

export interface BlockAst {
  from: number;
  to: number;
  /** The `Instance:` expression, lowered as a synthetic first rule `* id = …`. */
  instance?: ExprAst;
  instanceOf: string;
  /** Offsets of the `InstanceOf:` keyword (for error positions). */
  keyStart: number;
  keyEnd: number;
  line: number;
  indent: number;
  items: ItemAst[];
}

export type ItemAst = RuleAst | VarAst;

export interface PathSegment {
  name: string;
  slices: string[];
  start: number;
  end: number;
}

export interface RuleAst {
  kind: 'rule';
  indent: number;
  start: number;
  line: number;
  context?: ExprAst;
  /** `true` when the context carries `@`/`#` tuple bindings (it must stay a path step). */
  contextIsTuple?: boolean;
  contextBinds?: boolean;
  path: PathSegment[];
  pathStart: number;
  pathEnd: number;
  value?: ExprAst;
  children: ItemAst[];
}

export interface VarAst {
  kind: 'var';
  indent: number;
  start: number;
  line: number;
  expr: ExprAst;
}
