import { bundleIsCurrent } from '../bundle-manifest.js';

/**
 * The evaluation worker module: `dist/eval-worker.bundle.js` (made by `npm run build` with everything of ours
 * inside: a thread starts faster) while every file it was made from is unchanged, else the compiled modules.
 * From the built service (or its bundle, whose `import.meta.url` is rewritten to each module's own file) `dist/`
 * is this module's parent folder; when this module runs from its TypeScript source (the test runner), Node cannot
 * load a `.ts` worker, so the compiled one in `dist/` is used (the test set-up builds it).
 */
export function evalWorkerUrl(): string {
  const dist = distUrl();
  if (bundleIsCurrent(new URL('eval-worker.bundle.json', dist)))
    return new URL('eval-worker.bundle.js', dist).href;
  return new URL('isolation/eval-worker.js', dist).href;
}

/** What piscina loads: `eval-worker-entry.js`, which starts the threads in turn and loads `evalWorkerUrl()`. */
export function evalWorkerEntryUrl(): string {
  return new URL('isolation/eval-worker-entry.js', distUrl()).href;
}

function distUrl(): URL {
  const here = new URL(import.meta.url);
  return here.pathname.endsWith('.ts') ? new URL('../../dist/', here) : new URL('../', here);
}

/**
 * The process's Node options for the worker threads, less the `@mapx/source` export condition the test runner
 * adds: with it the compiled worker would resolve our packages to their TypeScript sources. Plus
 * `--no-experimental-require-module`: piscina loads the worker module with `require()` first and falls back to
 * `import()`; when both run at once for the same ES module (a thread whose start-up failed while its first task
 * arrives), Node 20's require(esm) aborts the whole process (`v8::Module::IsGraphAsync … instantiated module`).
 * Without require(esm) piscina goes straight to `import()`, which Node loads once however often it is asked.
 */
export function workerExecArgv(argv: readonly string[] = process.execArgv): string[] {
  const out: string[] = [NO_REQUIRE_ESM];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if ((arg === '--conditions' || arg === '-C') && argv[i + 1] === SOURCE_CONDITION) i++;
    else if (arg !== `--conditions=${SOURCE_CONDITION}` && arg !== NO_REQUIRE_ESM) out.push(arg);
  }
  return out;
}

const SOURCE_CONDITION = '@mapx/source';
const NO_REQUIRE_ESM = '--no-experimental-require-module';
