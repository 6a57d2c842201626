import { isFunctionValue, settle } from '../functions/jsonata-values.js';
import { compileEach, literalKind, NODE_KEYS, onlyKeys, type AstNode } from './ast-nodes.js';
import type { Env } from '../runtime/policy.js';
import { Frame } from './program-frame.js';
import { apply, isObject, type FunctionValue } from './program-apply.js';
import type { Eval, ProgramRun } from './program-run.js';
import { append, step } from './program-values.js';
import { isPrimitive, truthy, unsure } from './values.js';

type Node = AstNode;

export type { ProgramRun } from './program-run.js';

export interface CompiledProgram {
  /** The names the program calls as functions: each must be one whose implementation is synchronous. */
  readonly calls: ReadonlySet<string>;
  /** The whole expression against its input in the root frame; throws `UNSURE` where JSONata must run it. */
  evaluate(input: unknown, root: Env, run: ProgramRun): unknown;
}

/** The keys of the nodes covered here: JSONata's shared set, with what whole expressions add. */
const ALLOWED: Readonly<Record<string, ReadonlySet<string>>> = {
  ...NODE_KEYS,
  block: new Set([...NODE_KEYS.block!, 'consarray']),
  bind: NODE_KEYS.binary!,
  function: new Set([...NODE_KEYS.function!, 'name']),
};

/**
 * Compiles a whole JSONata expression (after the engine's rewrites and FLASH's lowering) into synchronous closures
 * that evaluate it the way jsonata 2.2.2 does, node for node: blocks and their frames, bindings, paths with their
 * sequences, calls of synchronous functions with JSONata's signature checks, array constructors, conditions and
 * equality. Undefined when any node is outside that language (JSONata then evaluates every run). A run throws
 * `UNSURE` where a value is one the closures do not reproduce (a function passed as an argument, a promise, a
 * truth value of a structure): the caller then runs JSONata from the start, which is safe because everything
 * called is synchronous and keeps its effects in the evaluation's state (compiled-expression.ts).
 */
export function compileProgram(ast: unknown, maxDepth: number): CompiledProgram | undefined {
  const compiler = new ProgramCompiler(maxDepth);
  const root = compiler.node(ast as Node, 0);
  if (!root) return undefined;
  return { calls: compiler.calls, evaluate: root };
}

class ProgramCompiler {
  readonly calls = new Set<string>();

  constructor(private readonly maxDepth: number) {}

  node(n: Node, depth: number): Eval | undefined {
    // as compile-direct.ts: JSONata nests at most two evaluations per AST level, and a deeper one is its to refuse
    if (typeof n !== 'object' || n === null || 2 * (depth + 1) >= this.maxDepth) return undefined;
    const kind = kindOf(n);
    if (!kind || !onlyKeys(n, ALLOWED[kind]!)) return undefined;
    switch (kind) {
      case 'string':
      case 'number':
      case 'value': {
        const value = n.value;
        return () => value;
      }
      case 'variable':
        return variable(n.value as string);
      case 'path':
        return this.path(n, depth);
      case 'block':
        return this.block(n, depth);
      case 'bind':
        return this.bind(n, depth);
      case 'function':
        return this.call(n, depth);
      case 'array':
        return this.array(n, depth);
      case 'condition':
        return this.condition(n, depth);
      case 'binary':
        return this.binary(n, depth);
      default:
        return undefined;
    }
  }

  private path(n: Node, depth: number): Eval | undefined {
    const nodes = n.steps;
    if (!Array.isArray(nodes) || nodes.length === 0) return undefined;
    const steps: Eval[] = [];
    for (let i = 0; i < nodes.length; i++) {
      const s = nodes[i] as Node;
      // an array constructor as the first step is evaluated once, over the whole input (JSONata's consarray)
      if (typeof s !== 'object' || s === null || (s.consarray === true && (i > 0 || kindOf(s) !== 'array')))
        return undefined;
      const step = s.type === 'name' && onlyKeys(s, ALLOWED.name!) ? name(s.value) : this.node(s, depth + 1);
      if (!step) return undefined;
      steps.push(step);
    }
    const absolute = (nodes[0] as Node).type === 'variable';
    const consFirst = (nodes[0] as Node).consarray === true;
    const last = steps.length - 1;
    return (input, frame, run) => {
      let inputSequence: unknown[];
      if (Array.isArray(input) && !absolute) inputSequence = input;
      // a step only reads its items; a constructor over the whole input sees a sequence, as in JSONata
      else inputSequence = consFirst ? run.sequences.of(input) : [input];
      let result: unknown;
      for (let i = 0; i <= last; i++) {
        result =
          i === 0 && consFirst
            ? steps[0]!(inputSequence, frame, run)
            : step(steps[i]!, inputSequence, frame, run, i === last);
        if (result === undefined || (result as unknown[]).length === 0) break;
        inputSequence = result as unknown[];
      }
      return settle(result);
    };
  }

  private block(n: Node, depth: number): Eval | undefined {
    const items = this.each(n.expressions, depth);
    if (!items) return undefined;
    return (input, frame, run) => {
      const own = new Frame(frame);
      let result: unknown;
      for (let i = 0; i < items.length; i++) result = items[i]!(input, own, run);
      return settle(result);
    };
  }

  private bind(n: Node, depth: number): Eval | undefined {
    const lhs = n.lhs as Node;
    if (lhs?.type !== 'variable' || typeof lhs.value !== 'string' || !onlyKeys(lhs, ALLOWED.variable!))
      return undefined;
    const value = this.node(n.rhs as Node, depth + 1);
    if (!value) return undefined;
    const key = lhs.value;
    return (input, frame, run) => {
      const v = value(input, frame, run);
      // blocks are the only frames a program binds in, and the root block is one
      if (!(frame instanceof Frame)) return unsure();
      frame.bind(key, v);
      return settle(v);
    };
  }

  /** A call of a named function: its arguments in order, then JSONata's signature check and the call itself. */
  private call(n: Node, depth: number): Eval | undefined {
    const procedure = n.procedure as Node;
    // the parser's call nodes carry an empty `name` (a lambda's)
    if (n.value !== '(' || n.name !== undefined || procedure?.type !== 'variable') return undefined;
    if (!onlyKeys(procedure, ALLOWED.variable!)) return undefined;
    const fname = procedure.value;
    if (typeof fname !== 'string' || fname === '') return undefined;
    const args = this.each(n.arguments, depth);
    if (!args) return undefined;
    this.calls.add(fname);
    const position = n.position;
    return (input, frame, run) => {
      run.tick();
      const proc = frame.lookup(fname);
      if (!run.callable.has(proc)) return unsure();
      // sized once: pushing onto an empty array makes room for 17
      const evaluated: unknown[] = new Array(args.length);
      for (let i = 0; i < args.length; i++) {
        const v = args[i]!(input, frame, run);
        // JSONata wraps a function argument in an asynchronous closure: not reproduced here
        if (isFunctionValue(v)) return unsure();
        evaluated[i] = v;
      }
      return settle(apply(proc as FunctionValue, fname, position, evaluated, input, frame));
    };
  }

  /** `[…]`: items that call nothing and bind nothing (JSONata evaluates them concurrently, in no fixed order). */
  private array(n: Node, depth: number): Eval | undefined {
    if (!Array.isArray(n.expressions) || !n.expressions.every((e) => effectFree(e))) return undefined;
    const items = this.each(n.expressions, depth);
    if (!items) return undefined;
    const nested = (n.expressions as Node[]).map((item) => item.value === '[');
    const cons = n.consarray === true;
    return (input, frame, run) => {
      let result: unknown[] = [];
      for (let i = 0; i < items.length; i++) {
        const v = items[i]!(input, frame, run);
        if (v === undefined) continue;
        if (nested[i]) result.push(v);
        else result = append(result, v, run);
      }
      if (cons)
        Object.defineProperty(result, 'cons', { enumerable: false, configurable: false, value: true });
      return result;
    };
  }

  private condition(n: Node, depth: number): Eval | undefined {
    const test = this.node(n.condition as Node, depth + 1);
    const then = this.node(n.then as Node, depth + 1);
    const otherwise = n.else === undefined ? undefined : this.node(n.else as Node, depth + 1);
    if (!test || !then || (n.else !== undefined && !otherwise)) return undefined;
    return (input, frame, run) => {
      if (truthy(test(input, frame, run))) return then(input, frame, run);
      return otherwise ? otherwise(input, frame, run) : undefined;
    };
  }

  private binary(n: Node, depth: number): Eval | undefined {
    const lhs = this.node(n.lhs as Node, depth + 1);
    const rhs = this.node(n.rhs as Node, depth + 1);
    if (!lhs || !rhs) return undefined;
    switch (n.value) {
      case '=':
      case '!=': {
        const equal = n.value === '=';
        return (input, frame, run) => {
          const l = lhs(input, frame, run);
          const r = rhs(input, frame, run);
          if (l === undefined || r === undefined) return false;
          // JSONata's deep equality of structures is its own
          if (!isPrimitive(l) || !isPrimitive(r)) return unsure();
          return (l === r) === equal;
        };
      }
      case 'and':
        return (input, frame, run) =>
          truthy(lhs(input, frame, run)) ? truthy(rhs(input, frame, run)) : false;
      case 'or':
        return (input, frame, run) =>
          truthy(lhs(input, frame, run)) ? true : truthy(rhs(input, frame, run));
      default:
        return undefined;
    }
  }

  private each(items: unknown, depth: number): Eval[] | undefined {
    return compileEach(items, (item) => this.node(item, depth + 1));
  }
}

function variable(key: string): Eval {
  // `$` alone is the context (JSONata's evaluateVariable); any other name is looked up through the frames
  if (key === '') return (input) => input;
  return (_input, frame) => settle(frame.lookup(key));
}

function name(key: unknown): Eval | undefined {
  if (typeof key !== 'string') return undefined;
  return (input, _frame, run) => settle(run.sequences.lookup(input, key));
}

/** Whether a node neither calls nor binds anything (its evaluation order cannot matter). */
function effectFree(n: unknown): boolean {
  if (Array.isArray(n)) return n.every(effectFree);
  if (!isObject(n)) return true;
  if (n.type === 'function' || n.type === 'bind') return false;
  for (const key of Object.keys(n)) if (key !== 'position' && !effectFree(n[key])) return false;
  return true;
}

function kindOf(n: Node): string | undefined {
  switch (n.type) {
    case 'string':
    case 'number':
    case 'value':
      return literalKind(n);
    case 'unary':
      return n.value === '[' ? 'array' : undefined;
    case 'variable':
      return typeof n.value === 'string' ? 'variable' : undefined;
    case 'name':
    case 'path':
    case 'block':
    case 'bind':
    case 'function':
    case 'condition':
    case 'binary':
      return n.type;
    default:
      return undefined;
  }
}
