// `npm run build` runs every build step; `npm start` (scripts/start.mjs) runs them with `onlyChanged`, which
// skips each step whose inputs and outputs are exactly as the step last left them (scripts/build-steps.mjs), so a
// second start with nothing changed goes straight to the service (docs/architecture.md, "Building").
// The stamps live in node_modules/.cache: `npm ci` wipes them, and the next start builds everything.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fileState, runSteps, treeState } from './build-steps.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const STAMPS = join(ROOT, 'node_modules/.cache/mapx-build/stamps.json');
const ROOT_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'tsconfig.json'];
const BUNDLE_FILES = /\/(?:serve|eval-worker|index)\.bundle\.[a-z]+$/;
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const projects = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')).references.map((r) => r.path);
const servedProjects = projects.filter((p) => p !== 'shared/plugin-testkit');
const bundled = [
  'apps/service',
  'shared/engine',
  'shared/fhir',
  'shared/fhir-client',
  'shared/api',
  'shared/hl7v2',
];
/** The built-in plugins (the service's plugin dependencies), each bundled next to its entry. */
const plugins = projects.filter((p) => p.startsWith('plugins/'));
const file = (path) => fileState(ROOT, path);
const tree = (path, options) => treeState(ROOT, path, options);

/**
 * Each step: what it reads, what it writes, how to run it (`checked`: with the type-check that writes nothing).
 * Inputs are over-approximated: a needless rebuild is cheap.
 */
const STEPS = [
  {
    name: 'tsc -b',
    only: 'checked',
    inputs: () => [...ROOT_INPUTS.map(file), ...projects.map((p) => tree(p))],
    outputs: () => projects.map((p) => tree(`${p}/dist`, { except: BUNDLE_FILES })),
    run: () => run(process.execPath, [tsc, '-b']),
  },
  {
    // `npm start`: what the service runs, transpiled without its type-check (scripts/transpile.mjs), which
    // `npm run build` and CI run; the plugin test kit is for tests and plugin authors
    name: 'transpile (service)',
    only: 'unchecked',
    inputs: () => [...ROOT_INPUTS.map(file), ...servedProjects.map((p) => tree(p))],
    outputs: () => servedProjects.map((p) => tree(`${p}/dist`, { except: BUNDLE_FILES })),
    run: () => run(process.execPath, [join(ROOT, 'scripts/transpile.mjs'), ...servedProjects]),
  },
  {
    name: 'service bundle',
    inputs: () => [
      file('scripts/bundle-service.mjs'),
      file('apps/service/package.json'),
      ...[...bundled, ...plugins].map((p) => tree(`${p}/dist`, { except: BUNDLE_FILES })),
    ],
    outputs: () => [
      ...['serve', 'eval-worker'].flatMap((b) => [
        file(`apps/service/dist/${b}.bundle.js`),
        file(`apps/service/dist/${b}.bundle.json`),
      ]),
      ...plugins.flatMap((p) => [file(`${p}/dist/index.bundle.js`), file(`${p}/dist/index.bundle.json`)]),
    ],
    run: () => run(process.execPath, [join(ROOT, 'scripts/bundle-service.mjs')]),
  },
  {
    name: 'designer',
    inputs: () => [
      ...ROOT_INPUTS.map(file),
      tree('apps/designer', { except: /\/test\// }),
      tree('shared/api/src'),
      tree('shared/hl7v2/src'),
    ],
    outputs: () => [tree('apps/designer/dist')],
    // the type-check writes nothing the service serves: `npm run build` (and CI) run it, `npm start` only bundles
    run: ({ checked }) =>
      checked
        ? run('npm', ['run', 'build', '--workspace', '@mapx/designer', '--if-present'])
        : run('npm', ['exec', '--workspace', '@mapx/designer', '--', 'electron-vite', 'build']),
  },
];

/**
 * Runs the build steps in order; with `onlyChanged`, skips those whose stamp still matches. `checked: false`
 * (`npm start`) builds what the service serves: its code transpiled without the type-check, not the plugin test
 * kit, and the designer without its type-check;
 * `npm run build` and CI build and check everything.
 */
export function build({ onlyChanged, checked = true }) {
  const steps = STEPS.filter((step) => step.only !== (checked ? 'unchecked' : 'checked')).map((step) => ({
    ...step,
    run: () => step.run({ checked }),
  }));
  return runSteps(steps, { onlyChanged, stampsFile: STAMPS });
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
