import type { BlockAst, ExprAst, ItemAst, RuleAst } from './ast.js';
import type { CallPlan, NativeValue, RuleCall, Siblings, StaticRule } from './call-plan.js';
import { Emitter } from './emitter.js';
import type { Parsed } from './parser.js';
import { isPure, nativeValueOf } from './native-expr.js';
import { checkSyntax } from './syntax-checks.js';

/** Compile-time FLASH resolution, called while lowering (all definitions are resolved here, §4.1). */
export interface FlashResolver {
  openBlock(block: BlockAst): number;
  /** Resolves one path segment under `parentRule` (or the block root); returns the rule id and its flags. */
  rule(
    blockId: number,
    parentRule: number | undefined,
    seg: RuleAst['path'][number],
    rule: RuleAst,
  ): { id: number; fixed: boolean; forbidden: boolean };
  /** The synthetic `* id = …` rule of an `Instance:` header. */
  instanceRule(blockId: number, block: BlockAst): number;
  /** Registers what a native call does; returns its id (`$__c<id>`). */
  call(plan: CallPlan): number;
  /** A rule's inline value is a literal: checked at compile time (static warnings). */
  literal?(ruleId: number, value: unknown): void;
}

export interface FlashCtx {
  parsed: Parsed;
  resolver: FlashResolver;
  em: Emitter;
  /** Lowers plain JSONata (with nested blocks) into `c.em`. */
  expr(c: FlashCtx, expr: ExprAst): void;
  /** The explain variant: each JSONata rule value is wrapped in `$__xr(<rule id>, …)` (explain/). */
  explain?: boolean;
}

/** A rule item once resolved: evaluated natively, one native call, or other JSONata (context, variable). */
type Unit =
  | { kind: 'static'; rule: StaticRule; start: number; end: number }
  | {
      kind: 'call';
      plan: RuleCall;
      value: Emitter | undefined;
      args: Unit[];
      pure: boolean;
      start: number;
      end: number;
    }
  | { kind: 'opaque'; emit: (c: FlashCtx) => void };

/**
 * A block becomes one native call whose arguments are its JSONata-evaluated rules. Everything is resolved and
 * every value lowered first, in source order (so compile errors come in the same order), then emitted.
 */
export function lowerBlock(c: FlashCtx, b: BlockAst): void {
  const id = c.resolver.openBlock(b);
  const units: Unit[] = [];
  if (b.instance) {
    const rid = c.resolver.instanceRule(id, b);
    checkSyntax(c.parsed, b.instance);
    const native = nativeValueOf(c.parsed, b.instance);
    if (native)
      units.push(
        staticUnit({ rule: rid, fixed: false, value: native, children: [] }, b.keyStart, b.keyStart),
      );
    else {
      const value = lowered(c, b.instance);
      units.push(
        callUnit(rid, value, undefined, [], [], isPure(c.parsed, b.instance), b.keyStart, b.keyStart),
      );
    }
  }
  for (const item of b.items) units.push(analyseItem(c, id, undefined, item));
  const g = group(units);
  // the block's own call may be a JSONata tail call (the last expression of a lambda body), which runs in the
  // caller's frame and input: its trailing static rules are evaluated by an argument, the last call or their own
  const last = g.args[g.args.length - 1];
  if (g.statics.length && last?.kind === 'call') top(last.plan).post.push(...g.statics);
  else if (g.statics.length) g.args.push({ kind: 'opaque', emit: standalone(g.statics, b.keyStart) });
  const call = c.resolver.call({ kind: 'block', block: id });
  c.em.synth(`$__c${call}(`, b.keyStart);
  emitArgs(c, g.args, b.keyStart);
  c.em.synth(')', b.keyEnd);
}

function lowered(c: FlashCtx, expr: ExprAst): Emitter {
  const outer = c.em;
  c.em = new Emitter();
  try {
    c.expr(c, expr);
    return c.em;
  } finally {
    c.em = outer;
  }
}

function analyseItem(c: FlashCtx, blockId: number, parent: number | undefined, item: ItemAst): Unit {
  if (item.kind === 'var') {
    const value = lowered(c, item.expr);
    return {
      kind: 'opaque',
      emit: (cc) => {
        cc.em.synth('$__fv(', item.start);
        cc.em.append(value);
        cc.em.synth(')', item.start);
      },
    };
  }
  if (item.context) return contextUnit(c, blockId, parent, item);
  return analyseChain(c, blockId, parent, item, 0);
}

/** `(ctx).(rule)`: the rule runs once per context item, so it stays its own call inside the path step. */
function contextUnit(c: FlashCtx, blockId: number, parent: number | undefined, rule: RuleAst): Unit {
  const ctx = lowered(c, rule.context!);
  const body = analyseChain(c, blockId, parent, rule, 0);
  return {
    kind: 'opaque',
    emit: (cc) => {
      if (rule.contextIsTuple) {
        cc.em.append(ctx);
        cc.em.synth('.(', rule.start);
      } else if (rule.contextBinds) {
        cc.em.synth('($__ctx := ', rule.start);
        cc.em.append(ctx);
        cc.em.synth('; $__ctx.(', rule.start);
      } else {
        cc.em.synth('(', rule.start);
        cc.em.append(ctx);
        cc.em.synth(').(', rule.start);
      }
      // explain: the context's reads are not the rule's (`.(` opens a block already: no new frame)
      if (cc.explain) cc.em.synth('$__xc(); ', rule.start);
      emitUnit(cc, body);
      cc.em.synth(rule.contextBinds ? '))' : ')', rule.start);
    },
  };
}

/** `* a.b.c = v` ≡ nested rules: the value and sub-rules attach to the last segment (§3.5). */
function analyseChain(
  c: FlashCtx,
  blockId: number,
  parent: number | undefined,
  rule: RuleAst,
  k: number,
): Unit {
  const seg = rule.path[k]!;
  const r = c.resolver.rule(blockId, parent, seg, rule);
  const unit = r.fixed
    ? staticUnit({ rule: r.id, fixed: true, value: undefined, children: [] }, seg.start, seg.end)
    : ruleUnit(c, blockId, r.id, rule, k);
  if (!r.forbidden) return unit;
  return {
    kind: 'opaque',
    emit: (cc) => {
      cc.em.synth(`$__c${cc.resolver.call({ kind: 'forbidden', rule: r.id })}() ?? `, seg.start);
      emitUnit(cc, unit);
    },
  };
}

function ruleUnit(c: FlashCtx, blockId: number, id: number, rule: RuleAst, k: number): Unit {
  const seg = rule.path[k]!;
  const last = k === rule.path.length - 1;
  let native: NativeValue | undefined;
  let value: Emitter | undefined;
  if (last && rule.value) {
    checkSyntax(c.parsed, rule.value);
    native = nativeValueOf(c.parsed, rule.value);
    if (native?.kind !== 'literal') value = lowered(c, rule.value);
    else c.resolver.literal?.(id, native.value);
  }
  const kids = last
    ? rule.children.map((child) => analyseItem(c, blockId, id, child))
    : [analyseChain(c, blockId, id, rule, k + 1)];
  const g = group(kids);
  if (!g.args.length && (native || !value)) {
    return staticUnit({ rule: id, fixed: false, value: native, children: g.statics }, seg.start, seg.end);
  }
  const literal = native?.kind === 'literal' ? native : undefined;
  const only = g.args[0];
  if (!value && g.args.length === 1 && only?.kind === 'call') {
    // the parent of a single call is evaluated by that call (one JSONata call instead of two)
    const plan = only.plan;
    top(plan).post.push(...g.statics);
    plan.wraps.push({ rule: id, value: literal });
    plan.levels.push({ pre: [], post: [] });
    return only;
  }
  const pure = value !== undefined && !g.args.length && isPure(c.parsed, rule.value!);
  return callUnit(id, value, literal, g.args, g.statics, pure, seg.start, seg.end);
}

function callUnit(
  rule: number,
  value: Emitter | undefined,
  literal: NativeValue | undefined,
  args: Unit[],
  statics: StaticRule[],
  pure: boolean,
  start: number,
  end: number,
): Unit {
  const plan: RuleCall = {
    kind: 'rule',
    rule,
    valueArg: value !== undefined,
    value: literal,
    statics,
    levels: [{ pre: [], post: [] }],
    wraps: [],
  };
  return { kind: 'call', plan, value, args, pure, start, end };
}

function staticUnit(rule: StaticRule, start: number, end: number): Unit {
  return { kind: 'static', rule, start, end };
}

const top = (plan: RuleCall): Siblings => plan.levels[plan.levels.length - 1]!;

/**
 * Static rules join the call before them (evaluated right after it, as before), else the call after them when
 * its JSONata arguments cannot observe the difference (a pure value and no sub-calls), else a call of their own.
 * Static rules after the last call are left to the parent's call.
 */
function group(units: readonly Unit[]): { args: Unit[]; statics: StaticRule[] } {
  const args: Unit[] = [];
  let pending: StaticRule[] = [];
  let pendingAt = 0;
  for (const u of units) {
    if (u.kind === 'static') {
      if (!pending.length) pendingAt = u.start;
      pending.push(u.rule);
      continue;
    }
    if (pending.length) {
      const prev = args[args.length - 1];
      if (prev?.kind === 'call') top(prev.plan).post.push(...pending);
      else if (u.kind === 'call' && u.pure) top(u.plan).pre.push(...pending);
      else args.push({ kind: 'opaque', emit: standalone(pending, pendingAt) });
      pending = [];
    }
    args.push(u);
  }
  return { args, statics: pending };
}

function standalone(rules: StaticRule[], at: number): (c: FlashCtx) => void {
  return (c) => c.em.synth(`$__c${c.resolver.call({ kind: 'static', rules })}()`, at);
}

function emitUnit(c: FlashCtx, u: Unit): void {
  if (u.kind === 'opaque') return u.emit(c);
  if (u.kind === 'static') return standalone([u.rule], u.start)(c);
  c.em.synth(`$__c${c.resolver.call(u.plan)}(`, u.start);
  let first = true;
  if (u.value) {
    if (c.explain) c.em.synth(`$__xr(${u.plan.rule}, `, u.start);
    c.em.append(u.value);
    if (c.explain) c.em.synth(')', u.start);
    first = false;
  }
  emitArgs(c, u.args, u.start, first);
  c.em.synth(')', u.end);
}

function emitArgs(c: FlashCtx, args: readonly Unit[], at: number, first = true): void {
  for (const a of args) {
    if (!first) c.em.synth(', ', at);
    first = false;
    emitUnit(c, a);
  }
}
