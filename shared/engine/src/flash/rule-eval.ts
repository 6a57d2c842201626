import type { ElementInfo } from '@mapx/fhir';
import { isObj } from './is-obj.js';
import { report } from '../runtime/policy.js';
import { buildFromDefinition, buildObject, isEmptyValue, quantityOf } from './build-object.js';
import type { RuleMeta } from '../compile/flash-plan.js';
import { FlashResult, PrimitiveEntry } from './values.js';
import { convertPrimitive, truthy } from './primitives.js';
import { ruleCtx, validates, type CallScope, type RunCtx } from './run-context.js';
import { virtualValue } from './autovalue.js';
import { checkCode } from './terminology.js';
import { isSingle, PendingObject } from './pending-object.js';
import { tracerOf } from '../explain/tracer.js';

/** Inline values are kept when truthy or exactly `false`/`0` (§4.3). */
function keep(v: unknown): boolean {
  return v === false || v === 0 || truthy(v);
}

/** Rule results among native-call arguments from `from` on (a contextualised rule passes a sequence of them). */
export function resultsOf(args: readonly unknown[], from = 0): FlashResult[] {
  const out: FlashResult[] = [];
  for (let i = from; i < args.length; i++) collectResults(args[i], out);
  return out;
}

function collectResults(c: unknown, out: FlashResult[]): void {
  if (c instanceof FlashResult) out.push(c);
  else if (Array.isArray(c)) for (let i = 0; i < c.length; i++) collectResults(c[i], out);
}

/**
 * Evaluates one rule once its inline value and sub-rules were evaluated (§4.3–§4.4). A primitive's value needs
 * only the call's scope: the rule's own context is made where an object is built or a binding checked.
 */
export function evaluateRule(
  sc: CallScope,
  meta: RuleMeta,
  hasInline: boolean,
  inline: unknown,
  results: FlashResult[],
): FlashResult | undefined {
  const el = meta.el;
  const value = hasInline && keep(inline) ? inline : undefined;
  let out: unknown[];
  switch (el.kind) {
    case 'system':
      out = systemValue(sc, el, value, meta);
      break;
    case 'primitive-type':
      out = primitiveValues(sc, el, value, results, meta);
      break;
    case 'resource':
      out = resourceValues(ruleCtx(sc, meta), el, value, results, meta);
      break;
    default:
      out = complexValues(ruleCtx(sc, meta), el, value, results, meta);
  }
  out = withoutEmpty(out);
  if (sc.t.explain) tracerOf(sc.env)?.ruleDone(meta, hasInline, hasInline && value === undefined, out);
  return out.length ? new FlashResult(meta.key, el, out) : undefined;
}

/** The values that are not empty (the array itself when all are: value arrays are always fresh). */
function withoutEmpty(values: unknown[]): unknown[] {
  let i = 0;
  while (i < values.length && !isEmptyValue(values[i])) i++;
  if (i === values.length) return values;
  const out = values.slice(0, i);
  for (i++; i < values.length; i++) if (!isEmptyValue(values[i])) out.push(values[i]);
  return out;
}

/** A rule on an element with a fixed value: the fixed value, nothing evaluated (§4.3 step 2). */
export function fixedRule(rc: RunCtx, meta: RuleMeta): FlashResult | undefined {
  const v = virtualValue(rc, meta.el, meta.flashPath, buildFromDefinition);
  return v === undefined ? undefined : new FlashResult(meta.key, meta.el, [v]);
}

export function forbiddenCheck(rc: RunCtx, meta: RuleMeta): void {
  if (!validates(rc, 'F5131')) return;
  report(rc.env, 'F5131', {
    ...meta.where,
    value: meta.flashPath,
    fhirType: meta.block.root.url,
  });
}

function systemValue(sc: CallScope, el: ElementInfo, value: unknown, meta: RuleMeta): unknown[] {
  if (value === undefined) return [];
  const v = Array.isArray(value) ? lastOfSeveral(sc, value, meta) : value;
  const c = convertPrimitive(sc, el, v, meta.where);
  return c === undefined ? [] : [c];
}

function primitiveValues(
  sc: CallScope,
  el: ElementInfo,
  value: unknown,
  results: FlashResult[],
  meta: RuleMeta,
): unknown[] {
  const w = meta.where;
  // the common case, one value and nothing else to it: one array, not three
  if (value !== undefined && !Array.isArray(value) && !results.length && el.pattern === undefined) {
    const c = convertPrimitive(sc, el, value, w);
    if (el.binding) checkCode(ruleCtx(sc, meta), el, c, w);
    return [standsAlone(c) ? c : new PrimitiveEntry(c, undefined)];
  }
  let converted: unknown[];
  if (value === undefined) converted = [];
  else if (!Array.isArray(value)) converted = [convertPrimitive(sc, el, value, w)];
  else if (!el.isArray && value.length > 1)
    converted = [convertPrimitive(sc, el, lastOfSeveral(sc, value, meta), w)];
  else converted = value.map((v) => convertPrimitive(sc, el, v, w));
  if (el.binding) {
    const rc = ruleCtx(sc, meta);
    for (const v of converted) checkCode(rc, el, v, w);
  }
  if (el.pattern !== undefined) converted = converted.length ? converted.map(() => el.pattern) : [el.pattern];
  let props: Record<string, unknown> | undefined;
  if (results.length) {
    const obj = buildObject(ruleCtx(sc, meta), el, undefined, results, false, meta);
    delete obj['value'];
    if (Object.keys(obj).length) props = obj;
  }
  if (!converted.length) return props ? [new PrimitiveEntry(undefined, props)] : [];
  return converted.map((v, i) => new PrimitiveEntry(v, i === converted.length - 1 ? props : undefined));
}

/**
 * Whether a converted primitive without `_` properties can be a value on its own, without an entry: where it
 * cannot be taken for an entry, an object or an empty value (render.ts, merge-all.ts and isEmptyValue read both).
 */
function standsAlone(v: unknown): boolean {
  return typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && v !== '');
}

function complexValues(
  rc: RunCtx,
  el: ElementInfo,
  value: unknown,
  results: FlashResult[],
  meta: RuleMeta,
): unknown[] {
  if (Array.isArray(value)) {
    // inline arrays bypass sub-rules, autovalues and patterns (§4.4 quirk); each item is still checked
    return value.filter(keep).map((item) => {
      if (el.typeCode === 'Quantity') return quantityOf(rc, el, item, lastName(meta));
      return isObj(item) ? item : notComplex(rc, item, meta);
    });
  }
  if (value !== undefined && !isObj(value)) {
    if (el.typeCode === 'Quantity') {
      const q = quantityOf(rc, el, value, lastName(meta));
      return [objectOf(rc, el, q as Record<string, unknown>, results, meta)];
    }
    return [notComplex(rc, value, meta)];
  }
  return [objectOf(rc, el, value, results, meta)];
}

/** A single-valued element's object is built by its parent, once every rule that targets it is there. */
function objectOf(
  rc: RunCtx,
  el: ElementInfo,
  inline: Record<string, unknown> | undefined,
  results: FlashResult[],
  meta: RuleMeta,
): unknown {
  if (isSingle(el)) return new PendingObject(rc, el, inline, results, meta);
  return buildObject(rc, el, inline, results, true, meta);
}

/** A primitive (or array) where a complex value belongs: F5104; emitted as is when F5104 is not thrown. */
function notComplex(rc: RunCtx, value: unknown, meta: RuleMeta): unknown {
  if (validates(rc, 'F5104')) {
    report(rc.env, 'F5104', {
      ...meta.where,
      fhirParent: parentOf(rc, meta),
      valueType: Array.isArray(value) ? 'array' : typeof value,
    });
  }
  return value;
}

function resourceValues(
  rc: RunCtx,
  el: ElementInfo,
  value: unknown,
  results: FlashResult[],
  meta: RuleMeta,
): unknown[] {
  if (value === undefined)
    return results.length ? [buildObject(rc, el, undefined, results, false, meta)] : [];
  const items = Array.isArray(value) ? value : [value];
  return items.map((item) => checkResource(rc, item, meta));
}

const RESOURCE_HEAD = ['resourceType', 'id', 'meta', 'implicitRules', 'language'];

function checkResource(rc: RunCtx, item: unknown, meta: RuleMeta): unknown {
  const fields = () => ({ ...meta.where, fhirParent: parentOf(rc, meta) });
  if (!isObj(item)) {
    if (validates(rc, 'F5102'))
      report(rc.env, 'F5102', { ...fields(), valueType: Array.isArray(item) ? 'array' : typeof item });
    return item;
  }
  const rt = item['resourceType'];
  if (typeof rt !== 'string' || rt === '') {
    if (validates(rc, 'F5103')) report(rc.env, 'F5103', fields());
    return item;
  }
  if (headFirst(item)) return item;
  const out: Record<string, unknown> = {};
  for (const k of RESOURCE_HEAD) if (item[k] !== undefined) out[k] = item[k];
  for (const [k, v] of Object.entries(item)) if (!(k in out)) out[k] = v;
  return out;
}

/**
 * Whether the resource already starts with its head keys in order: then it is kept as is, and keeps its
 * identity (its seeded UUID, computed once per object, serves `$reference` and the Bundle fullUrl alike).
 */
function headFirst(item: Record<string, unknown>): boolean {
  let next = 0;
  for (const k in item) {
    if (!Object.hasOwn(item, k)) return false;
    const at = RESOURCE_HEAD.indexOf(k);
    if (at < 0) {
      if (item[k] === undefined) return false;
      break;
    }
    if (item[k] === undefined || at < next) return false;
    next = at + 1;
  }
  for (let i = next; i < RESOURCE_HEAD.length; i++) if (item[RESOURCE_HEAD[i]!] !== undefined) return false;
  return true;
}

function parentOf(rc: RunCtx, meta: RuleMeta): string {
  return meta.parentPath ? `${rc.block.instanceOf}/${meta.parentPath}` : rc.block.instanceOf;
}

/**
 * A single-valued element given several values (typically one per input row: a CSV of two rows mapped as
 * one resource) keeps the last, as specified, but never silently: F5353.
 */
function lastOfSeveral(sc: CallScope, values: readonly unknown[], meta: RuleMeta): unknown {
  const last = values[values.length - 1];
  if (values.length > 1) report(sc.env, 'F5353', { ...meta.where, value: last, count: values.length });
  return last;
}

function lastName(meta: RuleMeta): string {
  return meta.el.jsonNames[0] ?? '';
}
