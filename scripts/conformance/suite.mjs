// Test suites in the JSONata layout (groups/<group>/*.json, datasets/*.json): loading the cases and running one
// against the mapx engine, judged as the suite's own runners judge it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @typedef {{ id: string, group: string, file: string, expr?: string, exprFile?: string, data?: unknown,
 *   dataset?: string | null, hasData: boolean, bindings?: Record<string, unknown>, result?: unknown,
 *   hasResult: boolean, undefinedResult?: boolean, code?: string, token?: string, error?: Record<string, unknown>,
 *   timelimit?: number, depth?: number, skip?: boolean, noNavigator?: boolean, description?: string }} SuiteCase
 * @typedef {{ status: 'pass' | 'fail' | 'skip', reason?: string }} Outcome
 */

/** Why a folder is not a suite (undefined when it is one). */
export function suiteProblem(dir) {
  if (!dir) return 'no suite folder given';
  if (!existsSync(dir)) return `${dir} does not exist`;
  if (!existsSync(join(dir, 'groups')) || !statSync(join(dir, 'groups')).isDirectory())
    return `${dir} has no groups/ folder (expected the test-suite layout: groups/<group>/*.json, datasets/*.json)`;
  return undefined;
}

/** Matches a group name against `--group` patterns (exact, or a prefix ending in `*`). */
export function groupMatcher(patterns) {
  if (!patterns || patterns.length === 0) return () => true;
  return (group) => patterns.some((p) => (p.endsWith('*') ? group.startsWith(p.slice(0, -1)) : group === p));
}

/** Every case of the selected groups, in file order; a file holding an array gives one case per item. */
export function loadSuite(dir, { groups } = {}) {
  const wanted = groupMatcher(groups);
  const datasets = new Map();
  const datasetDir = join(dir, 'datasets');
  if (existsSync(datasetDir))
    for (const name of readdirSync(datasetDir).filter((n) => n.endsWith('.json')))
      datasets.set(name.slice(0, -5), JSON.parse(readFileSync(join(datasetDir, name), 'utf8')));
  /** @type {SuiteCase[]} */
  const cases = [];
  const groupsDir = join(dir, 'groups');
  for (const group of readdirSync(groupsDir).sort()) {
    if (!statSync(join(groupsDir, group)).isDirectory() || !wanted(group)) continue;
    for (const file of readdirSync(join(groupsDir, group))
      .filter((n) => n.endsWith('.json'))
      .sort()) {
      const spec = JSON.parse(readFileSync(join(groupsDir, group, file), 'utf8'));
      const items = Array.isArray(spec) ? spec : [spec];
      items.forEach((item, i) => {
        const c = toCase(item, group, Array.isArray(spec) ? `${file}#${i}` : file);
        if (item['expr-file']) c.expr = readFileSync(join(groupsDir, group, item['expr-file']), 'utf8');
        cases.push(c);
      });
    }
  }
  return { cases, datasets };
}

function toCase(item, group, file) {
  return {
    ...item,
    id: `${group}/${file}`,
    group,
    file,
    hasData: 'data' in item,
    hasResult: 'result' in item,
  };
}

/** The input of a case: `data`, else the named dataset, else undefined (dataset null or absent). */
export function inputOf(c, datasets) {
  if (c.hasData) return c.data;
  if (typeof c.dataset === 'string') {
    if (!datasets.has(c.dataset)) throw new Error(`dataset ${c.dataset} is not in datasets/`);
    return datasets.get(c.dataset);
  }
  return undefined;
}

/**
 * Deep equality as the suites' runners use it (chai's deep equal): own enumerable keys, arrays item by item,
 * numbers by value (`0` equals `-0`, `NaN` equals `NaN`). Functions equal nothing but themselves.
 */
export function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
}

/** The code a suite's own runner raises when its time box or depth box is exceeded. */
const TIMEBOX_CODE = 'U1001';
/** mapx's own bounds on time (D1012) and depth (D1011), which play the time box's part. */
const LIMIT_CODES = new Set(['D1011', 'D1012']);

/** Compile errors of a definition or element path the FHIR context does not hold. */
const MISSING_DEFINITION = new Set(['F2001', 'F2002']);

/** One line for a value in a reason (bounded). */
export function show(value) {
  let text;
  if (value === undefined) text = 'undefined';
  else if (typeof value === 'function') text = '<function>';
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

function errorText(err) {
  if (err && typeof err === 'object') return `${err.code ?? 'no code'}: ${err.message ?? show(err)}`;
  return String(err);
}

/**
 * Runs one case. `engineFor(c)` gives the engine to compile with (it applies the case's time and depth limits);
 * `roundTrip` compares the result after a JSON round trip (the FLASH suite's runner does so); a compile error
 * F2001/F2002 whose message matches `unavailable` (a RegExp) skips the case: it needs a definition not at hand.
 * @returns {Promise<Outcome>}
 */
export async function runCase(c, { engineFor, datasets, roundTrip = false, unavailable }) {
  if (c.skip === true) return { status: 'skip', reason: 'marked skip in the suite' };
  if (typeof c.expr !== 'string') return { status: 'fail', reason: 'the case has no expression' };
  const timeboxed = 'timelimit' in c && 'depth' in c;
  const codeMatches = (code) =>
    code === c.code || (timeboxed && c.code === TIMEBOX_CODE && LIMIT_CODES.has(code));
  let compiled;
  try {
    compiled = await (await engineFor(c)).compile(c.expr);
  } catch (err) {
    if (unavailable && MISSING_DEFINITION.has(err?.code) && unavailable.test(String(err.message)))
      return {
        status: 'skip',
        reason: `needs a definition that is not in the FHIR context (${errorText(err)})`,
      };
    if (c.code === undefined) return { status: 'fail', reason: `unexpected compile error ${errorText(err)}` };
    if (!codeMatches(err?.code))
      return { status: 'fail', reason: `expected ${c.code}, compile error ${errorText(err)}` };
    if ('token' in c && err.token !== c.token)
      return { status: 'fail', reason: `expected token ${show(c.token)}, got ${show(err.token)}` };
    return { status: 'pass' };
  }
  let input;
  try {
    input = inputOf(c, datasets);
  } catch (err) {
    return { status: 'fail', reason: String(err.message) };
  }
  let value;
  try {
    value = await compiled.evaluate(input, c.bindings);
  } catch (err) {
    if (c.error !== undefined) {
      const wrong = Object.keys(c.error).filter((k) => !deepEqual(err?.[k], c.error[k]));
      if (wrong.length === 0) return { status: 'pass' };
      return {
        status: 'fail',
        reason: `error differs in ${wrong.map((k) => `${k} (expected ${show(c.error[k])}, got ${show(err?.[k])})`).join(', ')}`,
      };
    }
    if (c.code !== undefined) {
      if (codeMatches(err?.code)) return { status: 'pass' };
      return { status: 'fail', reason: `expected ${c.code}, evaluation error ${errorText(err)}` };
    }
    return { status: 'fail', reason: `unexpected evaluation error ${errorText(err)}` };
  }
  if (c.error !== undefined || c.code !== undefined)
    return { status: 'fail', reason: `expected error ${c.code ?? show(c.error)}, got result ${show(value)}` };
  if (c.undefinedResult) {
    return value === undefined
      ? { status: 'pass' }
      : { status: 'fail', reason: `expected undefined, got ${show(value)}` };
  }
  if (!c.hasResult)
    return { status: 'fail', reason: 'nothing to check: no result, undefinedResult, code or error' };
  const actual = roundTrip && value !== undefined ? JSON.parse(JSON.stringify(value)) : value;
  if (deepEqual(actual, c.result)) return { status: 'pass' };
  return { status: 'fail', reason: `expected ${show(c.result)}, got ${show(actual)}` };
}
