// What the container image holds, as a directory (the Dockerfile runs this script too, so the image and the test of
// it cannot drift apart): the root manifest (workspaces cut down to what the service needs, no devDependencies),
// the lockfile, each needed workspace's package.json and published files (`files`: its built `dist`), the built
// designer, and the FHIR R4 core package in `fhir-packages/`. Timestamps are kept: the service's bundle manifest
// compares them. Run after `npm run build`.
//
//   node scripts/pack-image-dir.mjs <out-dir> [--fhir-cache <dir>] [--install]
//
// --fhir-cache: a FHIR package cache holding hl7.fhir.r4.core#4.0.1 (default ~/.fhir/packages, FHIR_PACKAGE_CACHE_DIR);
// when it has no R4 core, the packed service's CLI fetches it into the image directory.
// --install: `npm install --omit=dev` in the directory (offline-first from the npm cache).
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
const SERVICE = 'apps/service';
const R4_CORE = 'hl7.fhir.r4.core#4.0.1';
const DESIGNER_RENDERER = 'apps/designer/dist/renderer';
const BUNDLE_MANIFESTS = ['apps/service/dist/serve.bundle.json', 'apps/service/dist/eval-worker.bundle.json'];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'fhir-cache': { type: 'string' }, install: { type: 'boolean', default: false } },
});
if (positionals.length !== 1) {
  console.error('usage: node scripts/pack-image-dir.mjs <out-dir> [--fhir-cache <dir>] [--install]');
  process.exit(2);
}
const out = resolve(positionals[0]);
const fhirCache =
  values['fhir-cache'] ?? process.env.FHIR_PACKAGE_CACHE_DIR ?? join(homedir(), '.fhir', 'packages');

const rootManifest = readJson(join(ROOT, 'package.json'));
const byName = workspacesByName(rootManifest.workspaces);
const needed = closure('@mapx/service', byName);

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const dir of needed) copyWorkspace(dir);
copy(DESIGNER_RENDERER);
writeFileSync(join(out, 'package.json'), `${JSON.stringify(imageManifest(rootManifest, needed), null, 2)}\n`);
copy('package-lock.json');
for (const manifest of [...BUNDLE_MANIFESTS, ...pluginBundleManifests(needed)])
  restampBundleManifest(manifest);
if (values.install) install();
packFhirCore();
console.log(`packed ${needed.length} workspaces into ${out}`);

/** The built-in plugins' bundles (scripts/bundle-service.mjs), next to their entries. */
function pluginBundleManifests(workspaces) {
  return workspaces
    .map((dir) => `${dir}/dist/index.bundle.json`)
    .filter((path) => existsSync(join(ROOT, path)));
}

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Workspace folders by package name (patterns are a folder or `<folder>/*`, as in the root manifest). */
function workspacesByName(patterns) {
  const map = new Map();
  for (const pattern of patterns) {
    const dirs = pattern.endsWith('/*')
      ? readdirSync(join(ROOT, pattern.slice(0, -2))).map((d) => `${pattern.slice(0, -2)}/${d}`)
      : [pattern];
    for (const dir of dirs) {
      const manifest = join(ROOT, dir, 'package.json');
      if (existsSync(manifest)) map.set(readJson(manifest).name, dir);
    }
  }
  return map;
}

/** The service's workspace and every workspace its runtime dependencies reach. */
function closure(name, workspaces) {
  const seen = new Set();
  const visit = (pkg) => {
    const dir = workspaces.get(pkg);
    if (dir === undefined || seen.has(dir)) return;
    seen.add(dir);
    for (const dep of Object.keys(readJson(join(ROOT, dir, 'package.json')).dependencies ?? {})) visit(dep);
  };
  visit(name);
  if (!seen.has(SERVICE)) throw new Error(`${name} is not a workspace`);
  return [...seen].sort();
}

/**
 * A `files` entry the image takes: not an exclusion (`!…`: the copy filter below leaves those out anyway), not
 * the sources (npm packages carry them for their declaration maps; the image has none) and not the designer copy
 * staged for npm (the image has the designer's own build, DESIGNER_RENDERER).
 */
function inImage(entry) {
  return !entry.startsWith('!') && entry !== 'src' && entry !== 'designer';
}

function copyWorkspace(dir) {
  const manifest = readJson(join(ROOT, dir, 'package.json'));
  copy(join(dir, 'package.json'));
  for (const entry of (manifest.files ?? ['dist']).filter(inImage)) {
    if (!existsSync(join(ROOT, dir, entry))) throw new Error(`${dir}/${entry}: missing (run npm run build)`);
    copy(join(dir, entry));
  }
}

/** Tests, source maps (the sources stay out too) and TypeScript build info stay out; timestamps stay as built. */
function copy(path) {
  cpSync(join(ROOT, path), join(out, path), {
    recursive: true,
    preserveTimestamps: true,
    filter: (src) => !/\.test\.(js|d\.ts)$|\.map$|\.tsbuildinfo$/.test(src),
  });
}

/**
 * A bundle's manifest records the mtime and size of every file it was made from; copies keep mtimes only to the
 * millisecond. The built bundle must be current here (else the image would start from the modules), and the
 * copy's manifest then records the copies.
 */
function restampBundleManifest(path) {
  const { files } = readJson(join(ROOT, path));
  const base = dirname(path);
  const restamped = files.map(([file, mtimeMs, size]) => {
    const built = statSync(join(ROOT, base, file), { throwIfNoEntry: false });
    if (built?.mtimeMs !== mtimeMs || built.size !== size)
      throw new Error(`${path}: ${file} changed since the bundle was built (run npm run build)`);
    const copied = statSync(join(out, base, file));
    return [file, copied.mtimeMs, copied.size];
  });
  writeFileSync(join(out, path), `${JSON.stringify({ files: restamped }, null, 1)}\n`);
}

function imageManifest(root, workspaces) {
  return {
    name: 'mapx-image',
    version: root.version,
    private: true,
    type: 'module',
    license: root.license,
    engines: root.engines,
    workspaces,
  };
}

function install() {
  execFileSync(
    'npm',
    ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'],
    { cwd: out, stdio: 'inherit' },
  );
}

/** R4 core into `fhir-packages/`: copied from a cache, or fetched by the packed service itself. */
function packFhirCore() {
  const target = join(out, 'fhir-packages');
  mkdirSync(target, { recursive: true });
  if (existsSync(join(fhirCache, R4_CORE, 'package', 'package.json'))) {
    cpSync(join(fhirCache, R4_CORE), join(target, R4_CORE), { recursive: true });
    return;
  }
  if (!values.install) throw new Error(`${R4_CORE} is not in ${fhirCache}; pass --install to fetch it`);
  execFileSync(
    process.execPath,
    [join(out, SERVICE, 'bin/mapx.js'), 'eval', '--expression', 'InstanceOf: Patient\n* active = true'],
    { cwd: out, stdio: 'inherit', env: { ...process.env, FHIR_PACKAGE_CACHE_DIR: target } },
  );
}
