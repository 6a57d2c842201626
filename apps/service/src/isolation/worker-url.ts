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

/** What piscina loads: `eval-worker-entry.cjs`, which starts the threads in turn and loads `evalWorkerUrl()`. */
export function evalWorkerEntryUrl(): string {
  return new URL('isolation/eval-worker-entry.cjs', distUrl()).href;
}

function distUrl(): URL {
  const here = new URL(import.meta.url);
  return here.pathname.endsWith('.ts') ? new URL('../../dist/', here) : new URL('../', here);
}

/**
 * The Node options for the worker threads: undefined, so that they inherit the process's as Node parsed them.
 * Given as a list, Node refuses every V8 or process-wide option in it (`node --max-old-space-size=… main.js` could
 * not start a thread), and those apply to the threads anyway. Only under the test runner, which adds the
 * `@mapx/source` export condition, is a list given: the process's options less that condition, with which the
 * compiled worker would resolve our packages to their TypeScript sources.
 */
export function workerExecArgv(argv: readonly string[] = process.execArgv): string[] | undefined {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if ((arg === '--conditions' || arg === '-C') && argv[i + 1] === SOURCE_CONDITION) i++;
    else if (arg !== `--conditions=${SOURCE_CONDITION}`) out.push(arg);
  }
  return out.length === argv.length ? undefined : out;
}

const SOURCE_CONDITION = '@mapx/source';
