/**
 * JSONata's value semantics where they are plain: what direct evaluation (compile-direct.ts) computes itself, and
 * `unsure` wherever JSONata converts, refuses or looks inside a value instead.
 */

/** What a direct evaluation returns when the value in hand is one whose JSONata semantics it does not reproduce. */
export const UNSURE: unique symbol = Symbol('mapx.direct.unsure');

/** One compiled node: its value in a context (undefined: JSONata's "no value"). */
export type Step = (context: unknown) => unknown;

/** Thrown by a step whose value JSONata must compute; answered as `UNSURE` at the root. */
export const unsure = (): never => {
  throw UNSURE;
};

export function literal(value: unknown): Step {
  return () => value;
}

const OPERATORS: Readonly<Record<string, (l: number, r: number) => number>> = {
  '+': (l, r) => l + r,
  '-': (l, r) => l - r,
  '*': (l, r) => l * r,
  '/': (l, r) => l / r,
  '%': (l, r) => l % r,
};

/** `+ - * / %` as JSONata computes them over two finite numbers; `op` is one of those five. */
export function arithmetic(op: string, lhs: Step, rhs: Step): Step {
  const apply = OPERATORS[op]!;
  return (context) => {
    const l = lhs(context);
    const r = rhs(context);
    // JSONata's type errors (T2001, T2002) and range error (D1001) are its own to raise
    if ((l !== undefined && !isFiniteNumber(l)) || (r !== undefined && !isFiniteNumber(r))) unsure();
    if (l === undefined || r === undefined) return undefined;
    const v = apply(l as number, r as number);
    return Number.isFinite(v) ? v : unsure();
  };
}

function isFiniteNumber(v: unknown): boolean {
  return typeof v === 'number' && Number.isFinite(v);
}

export function isPrimitive(v: unknown): boolean {
  return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/**
 * JSONata's `$boolean` for the values it maps without looking inside: objects, arrays and numbers that are not finite
 * (NaN is false to it, an infinite number an error) are its own to judge.
 */
export function truthy(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') return v.length > 0;
  if (typeof v === 'number' && Number.isFinite(v)) return v !== 0;
  return unsure();
}
