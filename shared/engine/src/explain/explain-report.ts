import type { BlockMeta, FlashTables, RuleMeta } from '../compile/flash-plan.js';
import { outputLeaves, type Leaf } from './output-leaves.js';
import { blockSite, jsonPathOf, ruleSite, type RuleSite } from './rule-site.js';
import type { RuleEvaluation, Tracer } from './tracer.js';
import { MISSING, VALUE, type Reads } from './read-tracker.js';

/** Most input paths listed per entry and in `inputsRead`. */
const MAX_PATHS = 50;
const MAX_INPUTS_READ = 5000;
/** Most distinct paths gathered over the evaluations of one rule. */
const MAX_UNION = 1000;

export interface ExplainedElement {
  /** JSON path of the element in the result (`code.coding[0].system`). */
  path: string;
  /** The FLASH rule (or, for a result built by plain JSONata, the expression) that produced it. */
  rule: RuleSite | { line: 1; column: 1; path: '$'; instanceOf: ''; text: string; expression: true };
  /** Input paths that rule read while producing it. */
  inputs: string[];
}

export interface ExplainedRule extends RuleSite {
  evaluations: number;
  /** Evaluations that produced a value. */
  produced: number;
  inputs: string[];
  /** Input paths the rule's value looked up and found nothing at. */
  missed: string[];
}

export interface ExplainReport {
  elements: ExplainedElement[];
  /** Every rule of the mapping that ran, in source order. */
  rules: ExplainedRule[];
  /** Rules whose value evaluated to nothing in every evaluation, and rules that never ran. */
  empty: Array<RuleSite & { evaluations: number; missed: string[]; inputs: string[] }>;
  /** Input paths read by the evaluation (leaf-most first listed; bounded). */
  inputsRead: string[];
  truncated?: true;
}

interface RuleAgg {
  meta: RuleMeta;
  evals: RuleEvaluation[];
}

/** The explain section of a verbose report, from what the tracer recorded and the result. */
export function buildExplainReport(
  source: string,
  tables: FlashTables | undefined,
  tracer: Tracer,
  result: unknown,
): ExplainReport {
  const byRule = new Map<RuleMeta, RuleAgg>();
  for (const e of tracer.evaluations) {
    let agg = byRule.get(e.meta);
    if (!agg) byRule.set(e.meta, (agg = { meta: e.meta, evals: [] }));
    agg.evals.push(e);
  }
  const { leaves, truncated } = outputLeaves(result);
  const elements = explainLeaves(source, leaves, tracer);
  const rules = deepestPerSite([...byRule.values()]).map((a) => ruleEntry(source, a));
  const empty = emptyRules(source, tables, byRule);
  const inputsRead = [...tracer.reads.all].slice(0, MAX_INPUTS_READ);
  const cut = truncated || tracer.truncated || tracer.reads.all.size > MAX_INPUTS_READ;
  return { elements, rules, empty, inputsRead, ...(cut ? { truncated: true as const } : {}) };
}

/** The segments of a flat path (`* code.coding.code`) share one place: the last segment stands for them. */
function deepestPerSite(aggs: RuleAgg[]): RuleAgg[] {
  const bySite = new Map<number, RuleAgg>();
  for (const a of aggs) {
    const seen = bySite.get(a.meta.at.start);
    if (!seen || a.meta.flashPath.length > seen.meta.flashPath.length) bySite.set(a.meta.at.start, a);
  }
  return [...bySite.values()].sort((a, b) => a.meta.at.start - b.meta.at.start);
}

function ruleEntry(source: string, a: RuleAgg): ExplainedRule {
  const all: Reads = new Map();
  let produced = 0;
  for (const e of a.evals) {
    if (e.produced) produced++;
    for (const [p, k] of e.reads) {
      // a rule run once per row of a large input: the union is bounded (leafMost is quadratic)
      if (all.size >= MAX_UNION && !all.has(p)) continue;
      all.set(p, Math.max(all.get(p) ?? MISSING, k) as never);
    }
  }
  const missed = new Set<string>();
  for (const [p, k] of all) if (k === MISSING) missed.add(p);
  return {
    ...ruleSite(source, a.meta),
    evaluations: a.evals.length,
    produced,
    inputs: inputPaths(all),
    missed: [...missed].slice(0, MAX_PATHS),
  };
}

/**
 * Rules with a value that never produced anything, and rules that never ran (a context that matched nothing,
 * a branch not taken). Segments of a flat path share their rule's line: only the last one is listed.
 */
function emptyRules(source: string, tables: FlashTables | undefined, byRule: Map<RuleMeta, RuleAgg>) {
  const out: ExplainReport['empty'] = [];
  const seen = new Set<number>();
  const rules = tables?.rules ?? [];
  for (let i = rules.length - 1; i >= 0; i--) {
    const meta = rules[i]!;
    if (seen.has(meta.at.start) || isInstanceRule(meta)) continue;
    seen.add(meta.at.start);
    const agg = byRule.get(meta);
    if (!agg) {
      if (!anyRan(byRule, meta.block)) continue;
      out.push({ ...ruleSite(source, meta), evaluations: 0, missed: [], inputs: [] });
      continue;
    }
    if (!agg.evals.every((e) => e.hasInline && e.emptyValue && !e.produced)) continue;
    const entry = ruleEntry(source, agg);
    out.push({
      ...ruleSite(source, meta),
      evaluations: entry.evaluations,
      missed: entry.missed,
      inputs: entry.inputs,
    });
  }
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** An `Instance:` header's synthetic `id` rule has no place of its own. */
function isInstanceRule(meta: RuleMeta): boolean {
  return meta.at.start === meta.block.at.start;
}

/** A rule in a block that never ran at all is not "empty": its whole block was not evaluated. */
function anyRan(byRule: Map<RuleMeta, RuleAgg>, block: BlockMeta): boolean {
  for (const m of byRule.keys()) if (m.block === block) return true;
  return false;
}

function explainLeaves(source: string, leaves: Leaf[], tracer: Tracer): ExplainedElement[] {
  const candidates = new Map<string, RuleEvaluation[]>();
  const blocks = new Map<string, BlockMeta>();
  for (const e of tracer.evaluations) {
    if (!blocks.has(e.meta.block.root.type)) blocks.set(e.meta.block.root.type, e.meta.block);
    if (!e.produced) continue;
    const key = `${e.meta.block.root.type}|${jsonPathOf(e.meta)}`;
    let list = candidates.get(key);
    if (!list) candidates.set(key, (list = []));
    list.push(e);
  }
  const used = new Map<RuleEvaluation, number>();
  const inputs = new Map<RuleEvaluation, string[]>();
  const out: ExplainedElement[] = [];
  for (const leaf of leaves) {
    const e = bestEvaluation(leaf, candidates, used);
    if (!e) {
      const block = blocks.get(leaf.resourceType);
      out.push({
        path: leaf.path,
        rule: block ? blockSite(source, block) : expressionSite(source),
        inputs: [],
      });
      continue;
    }
    let read = inputs.get(e);
    if (!read) inputs.set(e, (read = inputPaths(e.reads)));
    out.push({ path: leaf.path, rule: ruleSite(source, e.meta), inputs: read });
  }
  return out;
}

/**
 * The rule evaluation that produced a leaf: the deepest rule whose element path is a prefix of the leaf's; among
 * evaluations of such rules, one that produced this very value, preferring the ones used least so far (the
 * repetitions of an element come from successive evaluations).
 */
function bestEvaluation(
  leaf: Leaf,
  candidates: Map<string, RuleEvaluation[]>,
  used: Map<RuleEvaluation, number>,
): RuleEvaluation | undefined {
  const parts = leaf.elementPath.split('.');
  for (let n = parts.length; n > 0; n--) {
    const list = candidates.get(`${leaf.resourceType}|${parts.slice(0, n).join('.')}`);
    if (!list) continue;
    const exact = n === parts.length;
    let best: RuleEvaluation | undefined;
    let bestScore = Infinity;
    for (const e of list) {
      const matches = exact && e.values.includes(leaf.value);
      const score = (exact && !matches ? 1000 : 0) + (used.get(e) ?? 0);
      if (score < bestScore) [best, bestScore] = [e, score];
    }
    if (best) {
      used.set(best, (used.get(best) ?? 0) + 1);
      return best;
    }
  }
  return undefined;
}

/** The values read (primitives); when none, the leaf-most objects read (an object copied as a whole). */
function inputPaths(reads: Reads): string[] {
  const values = new Set<string>();
  const containers = new Set<string>();
  for (const [p, k] of reads) {
    if (k === VALUE) values.add(p);
    else if (k !== MISSING) containers.add(p);
  }
  return values.size ? [...values].slice(0, MAX_PATHS) : leafMost(containers);
}

/** Drops a path when a longer read path goes through it (`PID` when `PID.PatientName[0]` was read). */
function leafMost(paths: Set<string>): string[] {
  const list = [...paths];
  const out = list.filter(
    (p) => !list.some((q) => q !== p && (q.startsWith(p + '.') || q.startsWith(p + '['))),
  );
  return out.slice(0, MAX_PATHS);
}

function expressionSite(source: string) {
  const first = source.split('\n', 1)[0] ?? '';
  return {
    line: 1 as const,
    column: 1 as const,
    path: '$' as const,
    instanceOf: '' as const,
    text: first.trim().slice(0, 200),
    expression: true as const,
  };
}
