export type Edition = 'enterprise' | 'base';

export interface EvalThresholds {
  readonly throwLevel: number;
  readonly logLevel: number;
  readonly collectLevel: number;
  readonly validationLevel: number;
}

/** The validated, frozen configuration of one service instance. Built once by `loadConfig`. */
export interface AppConfig {
  readonly server: {
    readonly port: number;
    readonly host: string;
    readonly bodyLimit: number;
    /** One line of an NDJSON body (MAPX_NDJSON_LINE_LIMIT, never above bodyLimit). */
    readonly ndjsonLineLimit: number;
    /** How long one NDJSON request may map lines (MAPX_NDJSON_MAX_DURATION_MS). */
    readonly ndjsonMaxDurationMs: number;
    /**
     * Origins whose web pages may call the API (MAPX_CORS_ORIGINS: `*`, none, or a list), and whether their
     * preflights allow PUT and DELETE (MAPX_CORS_WRITES; unset: only when the auth policy requires tokens).
     */
    readonly cors: { readonly origins: '*' | 'none' | readonly string[]; readonly writes?: boolean };
    /** Grace for in-flight requests once the listener has closed (MAPX_SHUTDOWN_TIMEOUT_MS). */
    readonly shutdownTimeoutMs: number;
    /** How long /health reports DRAINING before the listener closes (MAPX_DRAIN_DELAY_MS). */
    readonly drainDelayMs: number;
    /** GET /metrics and the collectors behind it (MAPX_METRICS). */
    readonly metrics: boolean;
    /** Processes serving HTTP (MAPX_WORKERS); above 1 a primary process supervises a cluster of them. */
    readonly workers: number;
  };
  readonly logLevel: string;
  readonly edition: Edition;
  readonly license: { readonly to?: string; readonly until?: string };
  readonly warmup: { readonly enabled: boolean; readonly waitMs: number };
  readonly eval: {
    readonly thresholds: EvalThresholds;
    readonly timeoutMs: number;
    readonly maxDepth: number;
    readonly maxExpressionLength: number;
    readonly maxExpressionDepth: number;
    readonly maxStringLength: number;
    readonly maxInputDepth: number;
    readonly cacheMaxEntries: number;
    /** MAPX_EVAL_STRICT_BOOLEANS: a string other than true/false for a FHIR boolean is an error (F5115). */
    readonly strictBooleans: boolean;
    /** Evaluate in a pool of worker threads (`worker`) or on the main thread (`off`). */
    readonly isolation: 'worker' | 'off';
    /** Worker threads in the pool (MAPX_EVAL_THREADS). */
    readonly threads: number;
    /** V8 old-generation heap limit of each worker thread, MB (MAPX_EVAL_MEMORY_MB). */
    readonly memoryMb: number;
    /**
     * V8 young-generation size of each worker thread, MB (MAPX_EVAL_YOUNG_GENERATION_MB): set, because Node's default
     * depends on its version and the machine's memory (48 MB with Node 20, 192 MB with Node 24 on 24 GB).
     */
    readonly youngGenerationMb: number;
    /**
     * V8 optimises each worker thread's hot code on that thread (MAPX_EVAL_COMPILE_IN_THREAD), not on the
     * background threads that every isolate of the process shares.
     */
    readonly compileInThread: boolean;
    /** Longest wait for a free worker thread before the request answers 503 (MAPX_EVAL_QUEUE_TIMEOUT_MS). */
    readonly queueTimeoutMs: number;
  };
  /** MAPX_INPUT_DEFAULT_CHARSET: bodies with no charset parameter, BOM or declaration are decoded with it. */
  readonly input: { readonly defaultCharset: string };
  readonly fhirServer: {
    readonly base?: string;
    readonly authType: 'NONE' | 'BASIC';
    readonly username: string;
    readonly password: string;
    readonly timeoutMs: number;
  };
  readonly fhir: {
    readonly version: string;
    readonly packages: readonly string[];
    readonly cacheDir: string;
    readonly registryUrl?: string;
    readonly registryToken?: string;
  };
  readonly mappings: {
    readonly primaryWritableStore?: 'folder' | 'fhir-server';
    readonly writeEnabled: boolean;
    /** Input plus expectation of one test case, and the most of one case's output a `$run` report carries. */
    readonly testCaseMaxBytes: number;
    /** Test cases per mapping: writes past it are refused, runs take the first ones by name. */
    readonly testCasesMax: number;
  };
  readonly plugins: {
    readonly extra: readonly string[];
    /** `MAPX_PLUGIN_DIR`, absolute: a folder whose package folders are loaded like `MAPX_PLUGINS` entries. */
    readonly dir?: string;
    readonly options: Readonly<Record<string, unknown>>;
  };
  readonly designer: { readonly enabled: boolean; readonly authEnabled: boolean };
  /** Frozen copy of the environment, handed to plugins (they read their own variables from it). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Things worth a warning at start-up (deprecated variables, licence expiry). */
  readonly warnings: readonly string[];
}
