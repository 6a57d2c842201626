import { CONCAT_FUNCTION } from '../syntax/concat-rewrite.js';
import { compileEach, literalKind, NODE_KEYS, onlyKeys, type AstNode } from './ast-nodes.js';
import { arithmetic, isPrimitive, literal, truthy, unsure, UNSURE, type Step } from './values.js';

export { UNSURE } from './values.js';

/** A synchronous evaluation of a whole expression against its input; `UNSURE`: evaluate it with JSONata instead. */
export type DirectEvaluation = (input: unknown) => unknown;

type Node = AstNode;

export interface DirectLimits {
  /** JSONata's `stack` option: a deeper expression is left to JSONata, which reports the depth. */
  maxDepth: number;
  /** The engine's `&` refuses longer results (guarded-functions.ts); a longer one is left to it. */
  maxStringLength: number;
}

/**
 * Compiles a JSONata AST (after the engine's rewrites) into plain synchronous closures, or returns undefined when
 * any node is outside the small language it covers: literals, `$` and `$$`, paths of field names, object and
 * array constructors, `&`, arithmetic, `=` and `!=`, `and`, `or`, conditions and blocks. No variables, functions
 * or filters, so an evaluation reads nothing but its input and has no effect. Where a value is one whose JSONata
 * semantics the closures do not reproduce exactly (an array met by a path, a non-string operand of `&`, a number
 * out of range), the evaluation answers `UNSURE` and the caller evaluates with JSONata: the answer is JSONata's
 * in every case, errors included.
 */
export function compileDirect(ast: unknown, limits: DirectLimits): DirectEvaluation | undefined {
  const compiler = new Compiler(limits);
  const root = compiler.node(ast as Node, 0);
  return root && ((input) => (Array.isArray(input) ? UNSURE : unsureToSymbol(root, input)));
}

/**
 * An UNSURE value anywhere inside is thrown (cheaper than testing every intermediate) and answered here. The
 * closures raise no error of their own: anything else thrown (a stack overflow, say) is JSONata's to answer too.
 */
function unsureToSymbol(root: Step, input: unknown): unknown {
  try {
    return root(input);
  } catch {
    return UNSURE;
  }
}

const RESERVED_KEYS = new Set(['_jsonata_lambda', '_jsonata_function']);

class Compiler {
  constructor(private readonly limits: DirectLimits) {}

  node(n: Node, depth: number): Step | undefined {
    // JSONata nests at most two evaluations per AST level (a path and its step, a constructor and its value)
    if (typeof n !== 'object' || n === null || 2 * (depth + 1) >= this.limits.maxDepth) return undefined;
    const kind = kindOf(n);
    if (!kind || !onlyKeys(n, NODE_KEYS[kind]!)) return undefined;
    switch (kind) {
      case 'string':
      case 'number':
      case 'value':
        return literal(n.value);
      case 'variable':
        return n.value === '' || n.value === '$' ? (context) => context : undefined;
      case 'path':
        return this.path(n);
      case 'object':
        return this.object(n, depth);
      case 'array':
        return this.array(n, depth);
      case 'negation':
        return this.negation(n, depth);
      case 'binary':
        return this.binary(n, depth);
      case 'condition':
        return this.condition(n, depth);
      case 'block':
        return this.block(n, depth);
      case 'function':
        return this.concat(n, depth);
      default:
        return undefined;
    }
  }

  private path(n: Node): Step | undefined {
    const steps = n.steps;
    if (!Array.isArray(steps) || steps.length === 0) return undefined;
    const names: string[] = [];
    for (let i = 0; i < steps.length; i++) {
      const s = steps[i] as Node;
      if (i === 0 && s.type === 'variable' && s.value === '' && onlyKeys(s, NODE_KEYS.variable!)) continue;
      if (s.type !== 'name' || typeof s.value !== 'string' || !onlyKeys(s, NODE_KEYS.name!)) return undefined;
      names.push(s.value);
    }
    if (names.length === 0) return undefined;
    return (context) => {
      let v = context;
      for (let i = 0; i < names.length; i++) {
        // an input array is a sequence to JSONata (mapped, flattened, singletons kept): not reproduced here
        if (Array.isArray(v)) unsure();
        // JSONata's lookup: own properties of objects only, anything else has no fields
        if (v === null || typeof v !== 'object' || !Object.hasOwn(v, names[i]!)) return undefined;
        v = (v as Record<string, unknown>)[names[i]!];
        if (v === undefined) return undefined;
      }
      if (Array.isArray(v) || typeof v === 'function') unsure();
      return v;
    };
  }

  private object(n: Node, depth: number): Step | undefined {
    const pairs = n.lhs;
    if (!Array.isArray(pairs)) return undefined;
    const keys: string[] = [];
    const values: Step[] = [];
    for (const pair of pairs) {
      if (!Array.isArray(pair) || pair.length !== 2) return undefined;
      const key = pair[0] as Node;
      // a computed key, a repeated one (D1009) or a reserved one (D1013) is JSONata's to evaluate or refuse
      if (key.type !== 'string' || typeof key.value !== 'string' || !onlyKeys(key, NODE_KEYS.string!))
        return undefined;
      if (keys.includes(key.value) || RESERVED_KEYS.has(key.value)) return undefined;
      const value = this.node(pair[1] as Node, depth + 1);
      if (!value) return undefined;
      keys.push(key.value);
      values.push(value);
    }
    return (context) => {
      // JSONata's group result: a prototype-less object, a key only where its value is defined
      const out = Object.create(null) as Record<string, unknown>;
      for (let i = 0; i < keys.length; i++) {
        const v = values[i]!(context);
        if (v !== undefined) out[keys[i]!] = v;
      }
      return out;
    };
  }

  /** Each of a node's `expressions`, or undefined when one of them is not covered. */
  private each(items: unknown, depth: number): Step[] | undefined {
    return compileEach(items, (item) => this.node(item, depth + 1));
  }

  private array(n: Node, depth: number): Step | undefined {
    const steps = this.each(n.expressions, depth);
    if (!steps) return undefined;
    const nested = (n.expressions as Node[]).map((item) => kindOf(item) === 'array');
    const cons = n.consarray === true;
    return (context) => {
      const out: unknown[] = [];
      for (let i = 0; i < steps.length; i++) {
        const v = steps[i]!(context);
        if (v === undefined) continue;
        // an inner constructor is one element; any other array value is spliced in (JSONata's append)
        if (!nested[i] && Array.isArray(v)) for (const x of v) out.push(x);
        else out.push(v);
      }
      if (cons) Object.defineProperty(out, 'cons', { enumerable: false, configurable: false, value: true });
      return out;
    };
  }

  private negation(n: Node, depth: number): Step | undefined {
    const operand = this.node(n.expression as Node, depth + 1);
    if (!operand) return undefined;
    return (context) => {
      const v = operand(context);
      if (v === undefined) return undefined;
      return typeof v === 'number' && Number.isFinite(v) ? -v : unsure();
    };
  }

  private binary(n: Node, depth: number): Step | undefined {
    const lhs = this.node(n.lhs as Node, depth + 1);
    const rhs = this.node(n.rhs as Node, depth + 1);
    if (!lhs || !rhs) return undefined;
    switch (n.value) {
      case '+':
      case '-':
      case '*':
      case '/':
      case '%':
        return arithmetic(n.value, lhs, rhs);
      case '=':
      case '!=': {
        const equal = n.value === '=';
        return (context) => {
          const l = lhs(context);
          const r = rhs(context);
          if (l === undefined || r === undefined) return false;
          if (!isPrimitive(l) || !isPrimitive(r)) unsure();
          return (l === r) === equal;
        };
      }
      case 'and':
        return (context) => truthy(lhs(context)) && truthy(rhs(context));
      case 'or':
        return (context) => truthy(lhs(context)) || truthy(rhs(context));
      default:
        return undefined;
    }
  }

  private condition(n: Node, depth: number): Step | undefined {
    const test = this.node(n.condition as Node, depth + 1);
    const then = this.node(n.then as Node, depth + 1);
    const otherwise = n.else === undefined ? () => undefined : this.node(n.else as Node, depth + 1);
    if (!test || !then || !otherwise) return undefined;
    return (context) => (truthy(test(context)) ? then(context) : otherwise(context));
  }

  private block(n: Node, depth: number): Step | undefined {
    const steps = this.each(n.expressions, depth);
    if (!steps || steps.length === 0) return undefined;
    if (steps.length === 1) return steps[0];
    return (context) => {
      let v: unknown;
      for (const step of steps) v = step(context);
      return v;
    };
  }

  /** The engine's `&` (syntax/concat-rewrite.ts) over strings; any other operand is its to convert or refuse. */
  private concat(n: Node, depth: number): Step | undefined {
    const procedure = n.procedure as Node | undefined;
    const args = n.arguments;
    if (n.value !== '(' || !procedure || !Array.isArray(args) || args.length !== 2) return undefined;
    if (procedure.type !== 'variable' || procedure.value !== CONCAT_FUNCTION) return undefined;
    if (!onlyKeys(procedure, NODE_KEYS.variable!)) return undefined;
    const lhs = this.node(args[0] as Node, depth + 1);
    const rhs = this.node(args[1] as Node, depth + 1);
    if (!lhs || !rhs) return undefined;
    const limit = this.limits.maxStringLength;
    return (context) => {
      const l = lhs(context);
      const r = rhs(context);
      const ls = l === undefined ? '' : typeof l === 'string' ? l : unsure();
      const rs = r === undefined ? '' : typeof r === 'string' ? r : unsure();
      return ls.length + rs.length <= limit ? ls + rs : unsure();
    };
  }
}

function kindOf(n: Node): string | undefined {
  switch (n.type) {
    case 'unary':
      return n.value === '{'
        ? 'object'
        : n.value === '['
          ? 'array'
          : n.value === '-'
            ? 'negation'
            : undefined;
    case 'string':
    case 'number':
    case 'value':
      return literalKind(n);
    case 'variable':
    case 'path':
    case 'binary':
    case 'condition':
    case 'block':
    case 'function':
      return n.type;
    default:
      return undefined;
  }
}
