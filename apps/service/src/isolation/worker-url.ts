/**
 * The evaluation worker module. From the built service (or its bundle, whose `import.meta.url` is rewritten to
 * each module's own file) it sits next to this module; when this module runs from its TypeScript source (the test
 * runner), Node cannot load a `.ts` worker, so the compiled one in `dist/` is used (the test set-up builds it).
 */
export function evalWorkerUrl(): string {
  const here = new URL(import.meta.url);
  if (!here.pathname.endsWith('.ts')) return new URL('eval-worker.js', here).href;
  return new URL('../../dist/isolation/eval-worker.js', here).href;
}

/**
 * The process's Node options for the worker threads, less the `@mapx/source` export condition the test runner
 * adds: with it the compiled worker would resolve our packages to their TypeScript sources.
 */
export function workerExecArgv(argv: readonly string[] = process.execArgv): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if ((arg === '--conditions' || arg === '-C') && argv[i + 1] === SOURCE_CONDITION) i++;
    else if (arg !== `--conditions=${SOURCE_CONDITION}`) out.push(arg);
  }
  return out;
}

const SOURCE_CONDITION = '@mapx/source';
