import module from 'node:module';

/** `node:module` from Node 22.1 (enable) and 22.10 (flush); absent on Node 20, which @types/node describes. */
interface CompileCacheApi {
  enableCompileCache?: (dir?: string) => { directory?: string } | undefined;
  flushCompileCache?: () => void;
}

const api = module as CompileCacheApi;

/**
 * Start-up is mostly loading some 500 modules. Where Node can keep V8's compiled code on disk (22.1+), it does so
 * for every module compiled after this call, so `main` calls it before importing anything else. The cache lives
 * in `<os tmpdir>/node-compile-cache`, or where `NODE_COMPILE_CACHE` says; `NODE_DISABLE_COMPILE_CACHE=1` turns
 * it off. A cache that cannot be written only costs the speed-up: Node reports that instead of throwing.
 */
export function enableCompileCache(): void {
  const directory = api.enableCompileCache?.()?.directory;
  // Node enables it in a worker thread only through the environment the thread inherits (the evaluation threads)
  if (directory !== undefined && process.env.NODE_COMPILE_CACHE === undefined)
    process.env.NODE_COMPILE_CACHE = directory;
}

/**
 * Node writes the cache at exit; writing it once listening (main) or once built (an evaluation thread, whose
 * modules main does not compile) keeps it for the next start if this one is killed.
 */
export function flushCompileCache(): void {
  api.flushCompileCache?.();
}
