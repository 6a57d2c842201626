import { availableParallelism, homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { z } from 'zod';
import { envSchema, type Env } from './env-schema.js';
import type { AppConfig } from './app-config.js';
import { deepFreeze } from './deep-freeze.js';
import { autoWorkers } from './service-layout.js';

export type ConfigResult = { ok: true; config: AppConfig } | { ok: false; message: string };

const DAY_MS = 86_400_000;

/** Validates the environment once and returns a frozen configuration, or a message naming each bad variable. */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  now = new Date(),
): ConfigResult {
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: formatIssues(parsed.error.issues, env) };
  return { ok: true, config: deepFreeze(toConfig(parsed.data, env, now)) };
}

function formatIssues(
  issues: readonly z.core.$ZodIssue[],
  env: Readonly<Record<string, string | undefined>>,
): string {
  const lines = issues.map((issue) => {
    const name = String(issue.path[0] ?? '(environment)');
    const got = env[name];
    return `  ${name}: ${issue.message}${got === undefined ? '' : ` (got ${JSON.stringify(got)})`}`;
  });
  return `Invalid configuration:\n${lines.join('\n')}`;
}

function toConfig(e: Env, env: Readonly<Record<string, string | undefined>>, now: Date): AppConfig {
  return {
    server: {
      port: e.SERVER_PORT,
      host: e.SERVER_HOST,
      bodyLimit: e.MAPX_REQUEST_BODY_LIMIT,
      ndjsonLineLimit: Math.min(e.MAPX_NDJSON_LINE_LIMIT, e.MAPX_REQUEST_BODY_LIMIT),
      ndjsonMaxDurationMs: e.MAPX_NDJSON_MAX_DURATION_MS,
      cors: { origins: e.MAPX_CORS_ORIGINS, ...opt('writes', e.MAPX_CORS_WRITES) },
      shutdownTimeoutMs: e.MAPX_SHUTDOWN_TIMEOUT_MS,
      drainDelayMs: e.MAPX_DRAIN_DELAY_MS,
      metrics: e.MAPX_METRICS === 'on',
      workers:
        e.MAPX_WORKERS === 'auto'
          ? autoWorkers(availableParallelism(), e.MAPX_EVAL_ISOLATION, e.MAPX_EVAL_THREADS)
          : e.MAPX_WORKERS,
    },
    logLevel: e.LOG_LEVEL,
    edition: e.MAPX_EDITION,
    license: { ...opt('to', e.MAPX_LICENSED_TO), ...opt('until', e.MAPX_LICENSED_UNTIL) },
    warmup: { enabled: e.MAPX_WARMUP, waitMs: e.MAPX_WARMUP_WAIT_MS },
    eval: {
      thresholds: {
        throwLevel: e.MAPX_EVAL_THROW_LEVEL,
        logLevel: e.MAPX_EVAL_LOG_LEVEL,
        collectLevel: e.MAPX_EVAL_DIAG_COLLECT_LEVEL,
        validationLevel: e.MAPX_EVAL_VALIDATION_LEVEL,
      },
      timeoutMs: e.MAPX_EVAL_TIMEOUT_MS,
      maxDepth: e.MAPX_EVAL_MAX_DEPTH,
      maxExpressionLength: e.MAPX_MAX_EXPRESSION_LENGTH,
      maxExpressionDepth: e.MAPX_MAX_EXPRESSION_DEPTH,
      maxStringLength: e.MAPX_MAX_STRING_LENGTH,
      maxInputDepth: e.MAPX_MAX_INPUT_DEPTH,
      cacheMaxEntries: e.MAPX_COMPILED_EXPR_CACHE_MAX_ENTRIES,
      strictBooleans: e.MAPX_EVAL_STRICT_BOOLEANS,
      isolation: e.MAPX_EVAL_ISOLATION,
      threads: e.MAPX_EVAL_THREADS,
      memoryMb: e.MAPX_EVAL_MEMORY_MB,
      youngGenerationMb: e.MAPX_EVAL_YOUNG_GENERATION_MB,
      compileInThread: e.MAPX_EVAL_COMPILE_IN_THREAD,
      queueTimeoutMs: e.MAPX_EVAL_QUEUE_TIMEOUT_MS,
    },
    input: { defaultCharset: e.MAPX_INPUT_DEFAULT_CHARSET },
    fhirServer: {
      ...opt('base', e.FHIR_SERVER_BASE),
      authType: e.FHIR_SERVER_AUTH_TYPE,
      username: e.FHIR_SERVER_UN,
      password: e.FHIR_SERVER_PW,
      timeoutMs: e.FHIR_SERVER_TIMEOUT,
    },
    fhir: {
      version: e.FHIR_VERSION,
      packages: e.FHIR_PACKAGES,
      cacheDir: resolve(e.FHIR_PACKAGE_CACHE_DIR ?? join(homedir(), '.fhir', 'packages')),
      ...opt('registryUrl', e.FHIR_PACKAGE_REGISTRY_URL),
      ...opt('registryToken', e.FHIR_PACKAGE_REGISTRY_TOKEN),
    },
    mappings: {
      ...opt('primaryWritableStore', e.MAPPINGS_PRIMARY_WRITABLE_STORE),
      writeEnabled: e.MAPPINGS_WRITE_ENABLED,
      testCaseMaxBytes: e.MAPX_TEST_CASE_MAX_BYTES,
      testCasesMax: e.MAPX_TEST_CASES_MAX,
    },
    plugins: {
      extra: e.MAPX_PLUGINS,
      ...opt('dir', e.MAPX_PLUGIN_DIR && resolve(e.MAPX_PLUGIN_DIR)),
      options: e.MAPX_PLUGIN_OPTIONS,
    },
    designer: {
      enabled: e.MAPX_DESIGNER_ENABLED ?? e.MAPX_EDITION === 'enterprise',
      authEnabled: e.MAPX_DESIGNER_AUTH_ENABLED,
    },
    env: { ...env },
    warnings: collectWarnings(e, now),
  };
}

function collectWarnings(e: Env, now: Date): string[] {
  const warnings: string[] = [];
  if (e.SERVER_STATELESS !== undefined) warnings.push('SERVER_STATELESS is deprecated and ignored');
  if (e.MAPX_LICENSED_UNTIL) {
    const left = Date.parse(`${e.MAPX_LICENSED_UNTIL}T23:59:59Z`) - now.getTime();
    if (left < 0) warnings.push(`The licence expired on ${e.MAPX_LICENSED_UNTIL}`);
    else if (left <= 30 * DAY_MS)
      warnings.push(`The licence expires on ${e.MAPX_LICENSED_UNTIL} (within 30 days)`);
  }
  return warnings;
}

function opt<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
