// Bundles the built service's own ES modules behind `apps/service/dist/serve.js` (the service, @mapx/engine,
// @mapx/fhir, @mapx/api, @mapx/hl7v2: ~330 files) into `dist/serve.bundle.js`, the evaluation worker thread's behind
// `dist/isolation/eval-worker.js` into `dist/eval-worker.bundle.js`, and each built-in plugin's own modules into
// `<plugin>/dist/index.bundle.js`: Node 20 spends ~0.5 ms resolving and loading each module, far more than the
// bytes cost (docs/performance.md, Start-up). Everything else stays an import that Node resolves as before:
// third-party packages (CommonJS ones keep their own scope and strictness), @mapx/plugin-api (plugins must share
// its classes), other packages from a plugin, and the modules main.js has already loaded itself.
// Each `*.bundle.json` lists every input file with its mtime and size; the service takes a bundle only while they
// all still match, so a later `tsc -b` on its own falls back to the modules. Run after `tsc -b`.
import {
  existsSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { rolldown } from 'rolldown';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'apps/service/dist');
const BUNDLE = 'serve.bundle.js';
const MANIFEST = 'serve.bundle.json';
/** Next to a plugin's entry `dist/index.js`; the service's plugin loader looks for them there (plugin-bundle.ts). */
const PLUGIN_BUNDLE = 'index.bundle.js';
const PLUGIN_MANIFEST = 'index.bundle.json';
/** Workspace packages compiled by `tsc -b` that only the service loads; never @mapx/plugin-api. */
const OWN_PACKAGES = /^@mapx\/(engine|fhir|fhir-client|api|hl7v2)(\/|$)/;
const API_DIST = /[\\/]shared[\\/]api[\\/]dist[\\/]/;
/** Not `@mapx/source` (the TypeScript sources): the bundle is made of what `tsc -b` emitted. */
const CONDITIONS = ['import', 'node', 'default'];

const before = statTree([
  DIST,
  ...['shared/engine', 'shared/fhir', 'shared/fhir-client', 'shared/api', 'shared/hl7v2'].map((p) =>
    join(ROOT, p, 'dist'),
  ),
]);
const loadedByMain = await loadedOutsideServe(join(DIST, 'main.js'), join(DIST, 'serve.js'));
await bundle({
  dist: DIST,
  entry: 'serve.js',
  bundleName: BUNDLE,
  manifestName: MANIFEST,
  shared: loadedByMain,
});
// An evaluation worker thread (src/isolation) loads its own copy of everything anyway: nothing to share with main.
// At the top of dist/ like serve's bundle, so that the rewritten `import.meta.url`s resolve the same way.
// Its modules of @mapx/api keep only what the thread uses: the request contracts' schemas (zod, a fifth of a
// thread's start) are for main, which validates requests; building them has no effect the thread needs.
await bundle({
  dist: DIST,
  entry: 'isolation/eval-worker.js',
  bundleName: 'eval-worker.bundle.js',
  manifestName: 'eval-worker.bundle.json',
  moduleSideEffects: (id) => !API_DIST.test(id),
});
// A built-in plugin's own modules, next to its entry: every package it imports stays an import.
for (const dir of builtInPluginDirs()) {
  const dist = join(dir, 'dist');
  for (const [path, stat] of statTree([dist])) before.set(path, stat);
  await bundle({
    dist,
    entry: 'index.js',
    bundleName: PLUGIN_BUNDLE,
    manifestName: PLUGIN_MANIFEST,
    allBareOutside: true,
  });
}

/**
 * `dist`: where the entry, the bundle and its manifest are; `shared`: modules of ours imported rather than
 * contained; `allBareOutside`: every bare import stays one (a plugin), not only third-party packages.
 */
async function bundle({
  dist,
  entry,
  bundleName,
  manifestName,
  shared = new Set(),
  moduleSideEffects = true,
  allBareOutside = false,
}) {
  /** Modules of ours the bundle imports rather than contains: their exports must still be what it was built against. */
  const importedOfOurs = new Set();
  const build = await rolldown({
    input: join(dist, entry),
    platform: 'node',
    resolve: { conditionNames: CONDITIONS },
    plugins: [keepOutside(dist, shared, importedOfOurs, allBareOutside), importMetaOfOrigin(dist)],
    checks: { circularDependency: false },
    treeshake: { moduleSideEffects },
  });
  const { output } = await build.generate({ format: 'esm', codeSplitting: false, keepNames: true });
  await build.close();
  const [chunk] = output;
  if (output.length !== 1 || chunk.type !== 'chunk') throw new Error('expected the bundle as one chunk');

  const inputs = chunk.moduleIds.filter((id) => !id.startsWith('\0'));
  const files = [...inputs, ...importedOfOurs].map((id) => {
    const stat = before.get(id);
    if (!stat) throw new Error(`${id}: bundled, but not part of the built output`);
    return [toUrlPath(relative(dist, id)), stat.mtimeMs, stat.size];
  });
  writeAtomically(join(dist, bundleName), chunk.code);
  const bundleStat = statSync(join(dist, bundleName));
  files.unshift([bundleName, bundleStat.mtimeMs, bundleStat.size]);
  writeAtomically(join(dist, manifestName), `${JSON.stringify({ files }, null, 1)}\n`);
  const where = toUrlPath(relative(ROOT, join(dist, bundleName)));
  console.log(`bundled ${inputs.length} modules into ${where} (${Math.round(bundleStat.size / 1024)} kB)`);
}

/** The workspace folders of the service's dependencies that are plugin packages (a `"mapx"` manifest). */
function builtInPluginDirs() {
  const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
  const dependencies = Object.keys(readJson(join(ROOT, 'apps/service/package.json')).dependencies ?? {});
  const dirs = [];
  for (const name of dependencies) {
    const dir = packageDir(name, join(ROOT, 'apps/service'));
    if (!dir || relative(ROOT, dir).startsWith('..') || relative(ROOT, dir).startsWith('node_modules'))
      continue;
    const manifest = readJson(join(dir, 'package.json'));
    if (manifest.mapx !== undefined && existsSync(join(dir, 'dist/index.js'))) dirs.push(dir);
  }
  return dirs.sort();
}

/** Bare imports other than our own packages (every one with `allBare`), and modules main.js loads itself, stay imports. */
function keepOutside(dist, shared, imported, allBare) {
  return {
    name: 'keep-outside',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      if (isBare(source)) {
        if (!allBare && OWN_PACKAGES.test(source)) return null;
        assertSameResolution(source, importer, dist);
        return { id: source, external: true };
      }
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (allBare && resolved && !resolved.id.startsWith(dist + sep))
        throw new Error(`${importer}: "${source}" is outside ${dist}, which the bundle cannot carry`);
      if (!resolved || !shared.has(resolved.id)) return null;
      imported.add(resolved.id);
      return { id: toUrlPath(`./${relative(dist, resolved.id)}`), external: true };
    },
  };
}

/**
 * `import.meta.url` of a bundled module is where that module's file is, as before: paths next to it (the
 * designer's files, embedded FHIR packages, `createRequire`) resolve as they did.
 */
function importMetaOfOrigin(dist) {
  return {
    name: 'import-meta-of-origin',
    transform(code, id) {
      if (!code.includes('import.meta')) return null;
      if (code.replaceAll('import.meta.url', '').includes('import.meta')) {
        throw new Error(
          `${id}: uses import.meta beyond import.meta.url, which the bundle does not carry over`,
        );
      }
      const origin = JSON.stringify(toUrlPath(relative(dist, id)));
      return { code: code.replaceAll('import.meta.url', `new URL(${origin}, import.meta.url).href`) };
    },
  };
}

/** An import left to Node must find the same package from the bundle's folder as from its own module. */
function assertSameResolution(source, importer, dist) {
  if (source.startsWith('node:') || builtinModules.includes(source.split('/')[0])) return;
  const name = source.startsWith('@') ? source.split('/').slice(0, 2).join('/') : source.split('/')[0];
  const fromModule = packageDir(name, dirname(importer));
  const fromBundle = packageDir(name, dist);
  if (fromModule !== fromBundle) {
    throw new Error(
      `${importer}: "${source}" resolves to ${fromModule} there but to ${fromBundle} from the bundle`,
    );
  }
}

function packageDir(name, from) {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Modules main.js loads other than through serve.js (configuration, logger, cluster primary): bundling them too
 * would make second instances of them.
 */
async function loadedOutsideServe(entry, serve) {
  const pass = await rolldown({
    input: entry,
    platform: 'node',
    resolve: { conditionNames: CONDITIONS },
    plugins: [{ name: 'stop-at-serve', resolveId: (source) => (source === './serve.js' ? false : null) }],
    external: (id) => isBare(id),
    checks: { circularDependency: false },
  });
  const { output } = await pass.generate({ format: 'esm' });
  await pass.close();
  const ids = new Set(output.flatMap((c) => (c.type === 'chunk' ? c.moduleIds : [])));
  if (ids.has(serve)) throw new Error(`${serve} was not left out of main.js's own modules`);
  return ids;
}

function statTree(dirs) {
  const stats = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.js')) stats.set(path, statSync(path));
    }
  };
  for (const dir of dirs) walk(dir);
  return stats;
}

function isBare(id) {
  return !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[a-z]+:\/\//i.test(id);
}

function toUrlPath(path) {
  return path.split(sep).join('/');
}

/** Readers (a service starting meanwhile) see the old file or the new one, never half of one. */
function writeAtomically(file, text) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}
