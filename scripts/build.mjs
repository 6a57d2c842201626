// `npm run build` runs every build step; `npm start` (scripts/start.mjs) runs them with `onlyChanged`, which
// skips each step whose inputs and outputs are exactly as the step last left them (a stamp of every file's path,
// size and mtime), so a second start with nothing changed goes straight to the service (docs/architecture.md,
// "Building").
// The stamps live in node_modules/.cache: `npm ci` wipes them, and the next start builds everything.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
const STAMPS = join(ROOT, 'node_modules/.cache/mapx-build/stamps.json');
const ROOT_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'tsconfig.json'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage']);
const BUNDLE_FILES = /\/serve\.bundle\.[a-z]+$/;
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const projects = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')).references.map((r) => r.path);
const bundled = ['apps/service', 'shared/engine', 'shared/fhir', 'shared/api'];

/** Each step: what it reads, what it writes, how to run it. Inputs are over-approximated: a needless rebuild is cheap. */
const STEPS = [
  {
    name: 'tsc -b',
    inputs: () => [...ROOT_INPUTS.map(file), ...projects.map((p) => tree(p))],
    outputs: () => projects.map((p) => tree(`${p}/dist`, { except: BUNDLE_FILES })),
    run: () => run(process.execPath, [tsc, '-b']),
  },
  {
    name: 'service bundle',
    inputs: () => [
      file('scripts/bundle-service.mjs'),
      ...bundled.map((p) => tree(`${p}/dist`, { except: BUNDLE_FILES })),
    ],
    outputs: () => [file('apps/service/dist/serve.bundle.js'), file('apps/service/dist/serve.bundle.json')],
    run: () => run(process.execPath, [join(ROOT, 'scripts/bundle-service.mjs')]),
  },
  {
    name: 'designer',
    inputs: () => [
      ...ROOT_INPUTS.map(file),
      tree('apps/designer', { except: /\/test\// }),
      tree('shared/api/src'),
    ],
    outputs: () => [tree('apps/designer/dist')],
    run: () => run('npm', ['run', 'build', '--workspace', '@mapx/designer', '--if-present']),
  },
];

/** Runs the build steps in order; with `onlyChanged`, skips those whose stamp still matches. */
export function build({ onlyChanged }) {
  const stamps = readStamps();
  for (const step of STEPS) {
    const inputs = fingerprint(step.inputs());
    const last = stamps[step.name];
    if (onlyChanged && last?.inputs === inputs && last.outputs === fingerprint(step.outputs())) continue;
    delete stamps[step.name];
    writeStamps(stamps);
    step.run();
    // The inputs as read before the step ran: an edit made during the build is seen as a change next time.
    stamps[step.name] = { inputs, outputs: fingerprint(step.outputs()) };
    writeStamps(stamps);
  }
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  build({ onlyChanged: process.argv.includes('--changed') });
}

function run(command, args) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** One file, present or not: a missing output must not match a stamp taken while it existed. */
function file(path) {
  return [[path, statOrMissing(join(ROOT, path))]];
}

function tree(path, { except } = {}) {
  const found = [];
  // Plain string paths: path.join/relative cost more than the stat calls themselves here.
  const walk = (rel) => {
    let entries;
    try {
      entries = readdirSync(`${ROOT}/${rel}`, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !except?.test(`${child}/`)) walk(child);
      } else if (!except?.test(child)) found.push([child, statOrMissing(`${ROOT}/${child}`)]);
    }
  };
  walk(path);
  return found;
}

function statOrMissing(path) {
  try {
    const { size, mtimeMs } = statSync(path);
    return `${size}:${mtimeMs}`;
  } catch {
    return 'missing';
  }
}

function fingerprint(groups) {
  const hash = createHash('sha256');
  for (const [path, state] of groups.flat().sort(([a], [b]) => (a < b ? -1 : 1)))
    hash.update(`${path}\0${state}\n`);
  return hash.digest('hex');
}

function readStamps() {
  try {
    return JSON.parse(readFileSync(STAMPS, 'utf8'));
  } catch {
    return {};
  }
}

function writeStamps(value) {
  mkdirSync(join(STAMPS, '..'), { recursive: true });
  writeFileSync(`${STAMPS}.tmp`, JSON.stringify(value, null, 1));
  renameSync(`${STAMPS}.tmp`, STAMPS);
}
