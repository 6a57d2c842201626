import { forkWithNode, type ForkService, type ServiceProcess } from './service-process.js';
import { APP_SCHEME } from './resolve-app-path.js';

export interface EmbeddedServiceOptions {
  /** `apps/service/dist/main.js`, or its copy in the packaged app's resources. */
  readonly entry: string;
  readonly mappingsFolder: string;
  /** Inherited environment (the designer's own), before the embed settings are applied on top. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly fork?: ForkService;
  readonly readyTimeoutMs?: number;
  readonly stopTimeoutMs?: number;
}

export interface EmbeddedService {
  /** `http://127.0.0.1:<port>/` */
  readonly baseUrl: string;
  /** SIGTERM, then SIGKILL after `stopTimeoutMs`; resolves with the exit code and whether force was needed. */
  stop(): Promise<{ readonly code: number | null; readonly forced: boolean }>;
  onExit(listener: (code: number | null) => void): void;
}

export type EmbedResult =
  | { readonly ok: true; readonly service: EmbeddedService }
  | { readonly ok: false; readonly code: 'EMBED_START_FAILED' | 'EMBED_NOT_READY'; readonly message: string };

const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;
const OUTPUT_TAIL = 4_000;

/** Forks the mapx service on 127.0.0.1 with an ephemeral port and waits until `GET /health` answers. */
export async function startEmbeddedService(options: EmbeddedServiceOptions): Promise<EmbedResult> {
  const env = embedEnvironment(options);
  const child = (options.fork ?? forkWithNode)(options.entry, env);
  const listening = await waitForListening(child, options.readyTimeoutMs ?? 30_000);
  if (!listening.ok) {
    await stopProcess(child, options.stopTimeoutMs ?? 5_000);
    return { ok: false, code: 'EMBED_START_FAILED', message: listening.message };
  }
  const baseUrl = `${listening.origin}/`;
  if (!(await waitForHealth(baseUrl, options.readyTimeoutMs ?? 30_000, child))) {
    await stopProcess(child, options.stopTimeoutMs ?? 5_000);
    return { ok: false, code: 'EMBED_NOT_READY', message: `${baseUrl}health did not answer` };
  }
  return {
    ok: true,
    service: {
      baseUrl,
      stop: () => stopProcess(child, options.stopTimeoutMs ?? 5_000),
      onExit: (listener) => child.onExit(listener),
    },
  };
}

function embedEnvironment(options: EmbeddedServiceOptions): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.env ?? {})) if (value !== undefined) env[key] = value;
  // The embedded service is the author's own: loopback only, any free port, the chosen folder as its store.
  return {
    ...env,
    SERVER_HOST: '127.0.0.1',
    SERVER_PORT: '0',
    MAPPINGS_FOLDER: options.mappingsFolder,
    // One author needs one process; a cluster would multiply the memory for nothing.
    MAPX_WORKERS: '1',
    MAPX_DESIGNER_ENABLED: env['MAPX_DESIGNER_ENABLED'] ?? 'false',
    // the desktop renderer (app://designer) saves mappings; no other page may write to the author's service
    MAPX_CORS_ORIGINS: env['MAPX_CORS_ORIGINS'] ?? `${APP_SCHEME}://designer`,
    MAPX_CORS_WRITES: env['MAPX_CORS_WRITES'] ?? 'true',
    // Electron's binary acts as plain Node for the child (harmless under plain Node).
    ELECTRON_RUN_AS_NODE: '1',
  };
}

type Listening = { ok: true; origin: string } | { ok: false; message: string };

function waitForListening(child: ServiceProcess, timeoutMs: number): Promise<Listening> {
  return new Promise((resolve) => {
    let output = '';
    let errors = '';
    const timer = setTimeout(
      () => resolve({ ok: false, message: `no listening line within ${timeoutMs} ms` }),
      timeoutMs,
    );
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-OUTPUT_TAIL);
      const match = LISTENING.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ ok: true, origin: match[1] });
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-OUTPUT_TAIL);
      collect(chunk);
    });
    child.onExit((code) => {
      clearTimeout(timer);
      resolve({ ok: false, message: `the service exited with ${code}: ${lastLines(errors || output)}` });
    });
  });
}

/** The service's own start-up errors are plain lines on stderr; keep the last few for the UI. */
function lastLines(output: string): string {
  return output.trim().split('\n').slice(-3).join('\n');
}

async function waitForHealth(baseUrl: string, timeoutMs: number, child: ServiceProcess): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && !child.hasExited()) {
    try {
      const response = await fetch(new URL('health', baseUrl), { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return true;
    } catch {
      // not accepting yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

function stopProcess(
  child: ServiceProcess,
  timeoutMs: number,
): Promise<{ code: number | null; forced: boolean }> {
  return new Promise((resolve) => {
    if (child.hasExited()) return resolve({ code: null, forced: false });
    let forced = false;
    const timer = setTimeout(() => {
      forced = true;
      child.forceKill();
    }, timeoutMs);
    child.onExit((code) => {
      clearTimeout(timer);
      resolve({ code, forced });
    });
    child.terminate();
  });
}
