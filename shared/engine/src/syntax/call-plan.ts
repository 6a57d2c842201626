/**
 * What one native FLASH call of the lowered JSONata does (`$__c<id>(…)`, see flash-lowering.ts). Rules that need
 * no JSONata (no inline value, a literal or a plain path, only such sub-rules) are evaluated natively inside the
 * call next to them, so each JSONata node saved is one async evaluation step less; the order in which rules are
 * evaluated (and so report diagnostics) stays the order of the source.
 */

export interface PathStep {
  kind: 'name' | 'var';
  name: string;
}

/**
 * An expression native code evaluates itself (none can throw or bind): a literal token, `$var`, a path of
 * names, `=`/`!=` between those, and conditionals on such a comparison.
 */
export type NativeValue =
  | { kind: 'literal'; value: unknown }
  | { kind: 'var'; name: string }
  | { kind: 'path'; steps: PathStep[] }
  | { kind: 'eq'; op: '=' | '!='; lhs: NativeValue; rhs: NativeValue }
  | { kind: 'cond'; cond: NativeValue; then: NativeValue; else: NativeValue | undefined };

/**
 * A rule evaluated natively: fixed, or with a native or no inline value and static sub-rules only. (Contexts
 * stay JSONata path steps: a native loop over their items could not yield to other work.)
 */
export interface StaticRule {
  rule: number;
  fixed: boolean;
  value: NativeValue | undefined;
  children: StaticRule[];
}

/** Static siblings of a call's result in its parent's rule list, evaluated right before and after it. */
export interface Siblings {
  pre: StaticRule[];
  post: StaticRule[];
}

/** A parent rule whose only JSONata sub-rule is the call: evaluated by the call, on the level below. */
export interface WrapRule {
  rule: number;
  /** Literal only: a path would be evaluated after the call's JSONata arguments instead of before them. */
  value: NativeValue | undefined;
}

export interface RuleCall {
  kind: 'rule';
  rule: number;
  /** The first JSONata argument is the rule's inline value; the others are sub-rule results. */
  valueArg: boolean;
  /** Without a value argument: a literal inline value. */
  value: NativeValue | undefined;
  /** Static sub-rules after the last JSONata argument. */
  statics: StaticRule[];
  /** levels[0] holds the rule's result; levels[i + 1] the result of wraps[i]. The last level is returned. */
  levels: Siblings[];
  wraps: WrapRule[];
}

/** A block: its arguments are all its rules' results (never static rules: see lowerBlock). */
export interface BlockCall {
  kind: 'block';
  block: number;
}

/** Static rules that could not join a neighbouring call. */
export interface StaticCall {
  kind: 'static';
  rules: StaticRule[];
}

/** The forbidden-element check (F5131) before a rule on a `max = 0` element. */
export interface ForbiddenCall {
  kind: 'forbidden';
  rule: number;
}

export type CallPlan = RuleCall | BlockCall | StaticCall | ForbiddenCall;
