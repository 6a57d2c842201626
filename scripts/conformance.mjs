// Runs a test suite in the JSONata layout against the built mapx engine, in process, and prints every failure
// with its reason, the deliberate differences (docs/differences-from-reference.md) and the totals per group.
//
//   npm run build   (the script loads shared/engine/dist)
//   node scripts/conformance.mjs <suite folder> [--group NAME|PREFIX*]... [--package ID@VERSION]...
//                                [--fhir-cache DIR] [--unavailable REGEX] [--verbose] [--json]
//
// The suite folder holds groups/ and datasets/: the JSONata project's test/test-suite, or the FLASH groups of the
// reference engine's suite (`--group 'flash-*'`). MAPX_CONFORMANCE_SUITE names it when no folder is given.
// Nothing of either suite is kept in this repository: fetch it, point the script at it.
// FLASH cases build over the R4 core that ships with @mapx/fhir; `--package` adds packages found in the FHIR
// package cache (`--fhir-cache`, layout <id>#<version>/package; no registry is asked). A case that fails to
// compile with F2001/F2002 naming a definition that matches `--unavailable` (a package you could not get) is
// counted as skipped, with that reason; a case marked `noNavigator` runs without a FHIR context.
// A suite's time box (`timelimit` + `depth`, whose runner raises U1001) becomes the engine's own limits, so
// D1011 (depth) and D1012 (time) answer a U1001 expectation.
// Exit status: 0 when every case passes or differs deliberately, 1 when any case fails, 2 on a usage error.
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { KNOWN_DIFFERENCES } from './conformance/differences.mjs';
import { loadSuite, runCase, suiteProblem } from './conformance/suite.mjs';

const usage =
  'usage: node scripts/conformance.mjs <suite folder> [--group NAME|PREFIX*]... [--package ID@VERSION]... ' +
  '[--fhir-cache DIR] [--unavailable REGEX] [--verbose] [--json]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    group: { type: 'string', multiple: true },
    package: { type: 'string', multiple: true },
    'fhir-cache': { type: 'string' },
    unavailable: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const suiteDir = positionals[0] ?? process.env.MAPX_CONFORMANCE_SUITE;
const problem = suiteProblem(suiteDir);
if (problem) {
  console.error(`conformance: ${problem}.`);
  console.error(
    "Fetch the suite first (the JSONata repository's test/test-suite, or the FLASH cases) and name",
  );
  console.error(
    'its folder as the argument or in MAPX_CONFORMANCE_SUITE; it is never part of this repository.',
  );
  console.error(usage);
  process.exit(2);
}

const { createEngine, loadFhirContext } = await loadEngine();
const cacheDir = values['fhir-cache']
  ? resolve(values['fhir-cache'])
  : join(tmpdir(), 'mapx-conformance-fhir');
let fhir;
try {
  fhir = await loadFhirContext({
    fhirVersion: '4.0.1',
    packages: values.package ?? [],
    cacheDir,
    registryUrl: 'n/a',
  });
} catch (err) {
  console.error(`conformance: the FHIR context could not be loaded: ${err.message}`);
  process.exit(2);
}
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const baseEngine = createEngine({ fhir: () => fhir, logger: silent, cacheMaxEntries: 10_000 });
const noFhirEngine = createEngine({ fhir: () => undefined, logger: silent });
let unavailable;
try {
  unavailable = values.unavailable ? new RegExp(values.unavailable) : undefined;
} catch (err) {
  console.error(`conformance: --unavailable is not a regular expression: ${err.message}`);
  process.exit(2);
}
/** A case with a time box and a depth box (the suite's `timelimit`/`depth`) gets the engine's limits set to them. */
const boxedEngines = new Map();
function engineFor(c) {
  if (c.noNavigator === true) return noFhirEngine;
  if (!('timelimit' in c && 'depth' in c)) return baseEngine;
  const key = `${c.timelimit}/${c.depth}`;
  if (!boxedEngines.has(key))
    boxedEngines.set(
      key,
      createEngine({
        fhir: () => fhir,
        logger: silent,
        limits: { timeoutMs: c.timelimit, maxDepth: c.depth },
      }),
    );
  return boxedEngines.get(key);
}

const { cases, datasets } = loadSuite(resolve(suiteDir), { groups: values.group });
const groups = new Map();
const lines = [];
const tally = { pass: 0, fail: 0, differs: 0, skip: 0 };
for (const c of cases) {
  const outcome = await runCase(c, {
    engineFor,
    datasets,
    roundTrip: c.group.startsWith('flash'),
    unavailable,
  });
  let status = outcome.status;
  const known = KNOWN_DIFFERENCES[c.id];
  if (status === 'fail' && known) status = 'differs';
  tally[status] += 1;
  const g = groups.get(c.group) ?? { pass: 0, fail: 0, differs: 0, skip: 0 };
  g[status] += 1;
  groups.set(c.group, g);
  const reason = status === 'differs' ? `${outcome.reason} — deliberate: ${known}` : outcome.reason;
  lines.push({ id: c.id, status, reason });
  if (values.json) continue;
  if (status === 'fail') console.log(`FAIL    ${c.id}: ${reason}`);
  else if (status === 'differs') console.log(`DIFFERS ${c.id}: ${reason}`);
  else if (values.verbose)
    console.log(`${status.toUpperCase().padEnd(7)} ${c.id}${outcome.reason ? `: ${outcome.reason}` : ''}`);
}
if (values.json) {
  console.log(
    JSON.stringify({
      suite: resolve(suiteDir),
      total: cases.length,
      ...tally,
      groups: Object.fromEntries(groups),
      cases: lines,
    }),
  );
} else {
  console.log('');
  for (const [name, g] of groups) {
    if (g.fail + g.differs === 0 && !values.verbose) continue;
    console.log(
      `${name}: ${g.pass} passed, ${g.fail} failed, ${g.differs} differ deliberately, ${g.skip} skipped`,
    );
  }
  console.log(
    `${cases.length} cases: ${tally.pass} passed, ${tally.fail} failed, ${tally.differs} differ deliberately, ${tally.skip} skipped`,
  );
}
process.exit(tally.fail > 0 ? 1 : 0);

async function loadEngine() {
  const root = resolve(import.meta.dirname, '..');
  const dist = (p) => import(pathToFileURL(join(root, p)).href);
  try {
    const { createEngine } = await dist('shared/engine/dist/index.js');
    const { loadFhirContext } = await dist('shared/fhir/dist/index.js');
    return { createEngine, loadFhirContext };
  } catch (err) {
    if (err?.code !== 'ERR_MODULE_NOT_FOUND') throw err;
    console.error('conformance: the engine is not built (shared/engine/dist); run `npm run build` first.');
    process.exit(2);
  }
}
