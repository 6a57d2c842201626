import type { FlashTables } from '../compile/flash-plan.js';
import type { CallPlan, NativeValue, StaticRule } from '../syntax/call-plan.js';

/**
 * A JSONata AST node as jsonata 2.x builds it (only the fields this analysis reads; everything else it finds on a
 * node makes the expression unproven, so a construct added by a later jsonata cannot slip through).
 */
interface Node {
  type: string;
  value?: unknown;
  [key: string]: unknown;
}

/**
 * JSONata's and mapx's functions whose cost grows linearly with their arguments and whose result is no larger
 * than their arguments (plus a constant): no regular expression, no function argument, no wait, no I/O, no
 * width or count taken from the data. `$join` is here only with a literal separator (checked below).
 */
// prettier-ignore
const LINEAR_FUNCTIONS = new Set([
  'string', 'number', 'boolean', 'not', 'exists', 'count', 'length', 'sum', 'max', 'min', 'average',
  'uppercase', 'lowercase', 'trim', 'substring', 'substringBefore', 'substringAfter', 'split', 'join',
  'abs', 'floor', 'ceil', 'round', 'keys', 'append', 'merge', 'reverse', 'distinct', 'type',
  'now', 'millis', 'uuid', 'reference', 'startsWith', 'endsWith', 'initCap', 'initCapOnce', 'isEmpty',
  'isNumeric', '__concat',
]);

/** Binary operators of constant or linear cost whose result is no larger than their operands together. */
// prettier-ignore
const LINEAR_OPERATORS = new Set([
  '+', '-', '*', '/', '%', '=', '!=', '<', '<=', '>', '>=', 'and', 'or', '&', 'in',
]);

/** Fields a node may carry besides its children: positions and flags that change no cost. */
const INERT_FIELDS = new Set(['type', 'value', 'position', 'keepArray', 'keepSingletonArray', 'consarray']);

const FLASH_CALL = /^__c\d+$/;

class Unproven extends Error {}

/**
 * The cost bound of a compiled expression, or undefined when the compiler cannot prove one: when it returns `w`,
 * evaluating the expression takes at most about `w` steps per node of its input (docs/security.md, "Expressions
 * evaluated where they are received"). Proven by construction, on the lowered JSONata and the FLASH call plans:
 * - no function definition, variable binding, `$$`, named variable, mapping call, partial application, `~>`,
 *   regular expression, range, sort, parent, focus/index binding or descendant (`**`) step: nothing repeats work
 *   or refers back to the whole input from inside an iteration, and every value a path walks is a part of the
 *   input (a path starts at the context: a field, `*` or `$`; its later steps are fields or `*`; only its last
 *   step may compute, once per item);
 * - functions only from LINEAR_FUNCTIONS, operators only from LINEAR_OPERATORS;
 * - FLASH calls whose native rule values are literals, comparisons and field paths (no variables).
 * So each AST node is evaluated at most once per part of the input, each step costs at most linear time in the
 * sizes involved, and every intermediate value is at most `w` times the input's size.
 */
export function boundedCost(ast: unknown, tables: FlashTables | undefined): number | undefined {
  try {
    let weight = new CostWalk(tables).expression(ast as Node);
    if (tables) weight += tables.rules.length + tables.blocks.length;
    return weight;
  } catch (e) {
    if (e instanceof Unproven) return undefined;
    throw e;
  }
}

class CostWalk {
  private nodes = 0;

  constructor(private readonly tables: FlashTables | undefined) {}

  expression(node: Node): number {
    this.visit(node);
    return this.nodes;
  }

  private visit(node: Node): void {
    if (typeof node !== 'object' || node === null) throw new Unproven();
    this.nodes++;
    switch (node.type) {
      case 'string':
      case 'number':
      case 'value':
        return this.only(node, []);
      case 'variable':
        // `$` is the context; `$$` (value '$') and every named variable are refused
        if (node.value !== '') throw new Unproven();
        return this.filters(node, 'predicate', ['predicate']);
      case 'path':
        return this.path(node);
      case 'unary':
        return this.unary(node);
      case 'binary':
        if (!LINEAR_OPERATORS.has(node.value as string)) throw new Unproven();
        this.only(node, ['lhs', 'rhs']);
        this.visit(node.lhs as Node);
        return this.visit(node.rhs as Node);
      case 'condition':
        this.only(node, ['condition', 'then', 'else']);
        this.visit(node.condition as Node);
        this.visit(node.then as Node);
        if (node.else !== undefined) this.visit(node.else as Node);
        return;
      case 'block':
        this.only(node, ['expressions']);
        return this.each(node.expressions);
      case 'function':
        return this.call(node);
      default:
        throw new Unproven();
    }
  }

  /** A path walks parts of the input: fields and `*` (with filters), then at most one computing last step. */
  private path(node: Node): void {
    this.only(node, ['steps', 'group']);
    const steps = node.steps as Node[];
    steps.forEach((step, i) => {
      this.nodes++;
      if (step.type === 'name' || step.type === 'wildcard') this.filters(step, 'stages', ['stages']);
      else if (step.type === 'variable' && step.value === '' && i === 0)
        this.filters(step, 'predicate', ['predicate']);
      else if (i === steps.length - 1 && i > 0 && computesOneValue(step)) this.visit(step);
      else throw new Unproven();
    });
    const group = node.group as Node | undefined;
    if (group === undefined) return;
    this.only(group, ['lhs']);
    for (const pair of group.lhs as Node[][]) this.each(pair);
  }

  private unary(node: Node): void {
    if (node.value === '-') {
      this.only(node, ['expression']);
      return this.visit(node.expression as Node);
    }
    if (node.value === '[') {
      this.only(node, ['expressions']);
      return this.each(node.expressions);
    }
    if (node.value === '{') {
      this.only(node, ['lhs']);
      for (const pair of node.lhs as Node[][]) this.each(pair);
      return;
    }
    throw new Unproven();
  }

  private call(node: Node): void {
    this.only(node, ['procedure', 'arguments']);
    const procedure = node.procedure as Node;
    const name = procedure?.type === 'variable' ? (procedure.value as string) : undefined;
    const args = node.arguments as Node[];
    if (name !== undefined && FLASH_CALL.test(name)) this.flashCall(Number(name.slice(3)));
    else if (name === undefined || !LINEAR_FUNCTIONS.has(name)) throw new Unproven();
    // a separator taken from the data would repeat between every item: output = items × separator
    if (name === 'join' && args[1] !== undefined && args[1].type !== 'string') throw new Unproven();
    this.each(args);
  }

  private flashCall(id: number): void {
    const plan: CallPlan | undefined = this.tables?.calls[id];
    if (!plan) throw new Unproven();
    if (plan.kind === 'rule') {
      nativeValue(plan.value);
      plan.statics.forEach(staticRule);
      for (const level of plan.levels) [...level.pre, ...level.post].forEach(staticRule);
      for (const wrap of plan.wraps) nativeValue(wrap.value);
    } else if (plan.kind === 'static') plan.rules.forEach(staticRule);
  }

  private filters(node: Node, key: 'stages' | 'predicate', allowed: string[]): void {
    this.only(node, allowed);
    const list = node[key] as Node[] | undefined;
    for (const stage of list ?? []) {
      if (stage.type !== 'filter') throw new Unproven();
      this.only(stage, ['expr']);
      this.visit(stage.expr as Node);
    }
  }

  private each(list: unknown): void {
    if (!Array.isArray(list)) throw new Unproven();
    for (const child of list as Node[]) this.visit(child);
  }

  /** Refuses a node carrying anything this analysis does not know (a tuple binding, an ancestor, a new field). */
  private only(node: Node, children: string[]): void {
    for (const key of Object.keys(node))
      if (!INERT_FIELDS.has(key) && !children.includes(key) && node[key] !== undefined) throw new Unproven();
  }
}

/** A last path step evaluated once per item that yields one value (never a sequence that a later step walks). */
function computesOneValue(step: Node): boolean {
  if (step.type === 'function' || step.type === 'string' || step.type === 'number' || step.type === 'value')
    return true;
  if (step.type === 'unary') return step.value === '{' || step.value === '-';
  return step.type === 'binary';
}

function staticRule(rule: StaticRule): void {
  nativeValue(rule.value);
  rule.children.forEach(staticRule);
}

/** Literals, field paths of the context and comparisons of them: no variable (its size is not the input's). */
function nativeValue(value: NativeValue | undefined): void {
  if (value === undefined) return;
  switch (value.kind) {
    case 'literal':
      return;
    case 'var':
      throw new Unproven();
    case 'path':
      if (value.steps.some((s) => s.kind !== 'name')) throw new Unproven();
      return;
    case 'eq':
      nativeValue(value.lhs);
      return nativeValue(value.rhs);
    case 'cond':
      nativeValue(value.cond);
      nativeValue(value.then);
      return nativeValue(value.else);
  }
}
