import iconv from 'iconv-lite';
import { z } from 'zod';

const MAX_WORKERS = 64;
const MAX_EVAL_THREADS = 64;
/** Below this a worker thread cannot hold the engine and R4 core's index at all. */
const MIN_EVAL_MEMORY_MB = 32;

const int = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, { message: `expected an integer from ${min} to ${max}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, { message: `expected an integer from ${min} to ${max}` })
        .max(max),
    );

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' }))
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Empty or `n/a` (any case) means "not set", as the reference server does. */
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' || v.toLowerCase() === 'n/a' ? undefined : v));

const url = optionalText.pipe(
  z
    .string()
    .url({ message: 'expected an absolute http(s) URL or n/a' })
    .refine((v) => /^https?:\/\//i.test(v), { message: 'expected an absolute http(s) URL or n/a' })
    .optional(),
);

/** Comma-separated values; blanks and surrounding whitespace ignored. */
const commaList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

const SIZE = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i;
const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
const byteSize = z
  .string()
  .trim()
  .regex(SIZE, { message: 'expected a size such as 100kb, 10mb or 1gb' })
  .transform((v) => {
    const [, n = '0', unit = 'b'] = SIZE.exec(v) ?? [];
    return Math.floor(Number(n) * (UNITS[unit.toLowerCase()] ?? 1));
  });

const logLevel = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => {
    const map: Record<string, string> = { warning: 'warn', err: 'error', none: 'silent', off: 'silent' };
    const level = map[v] ?? v;
    return ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'].includes(level) ? level : 'info';
  });

/** `auto` (the layout for the machine, config/service-layout.ts) or a count. */
const workers = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v, ctx): number | 'auto' => {
    if (v === 'auto') return 'auto';
    const n = /^\d+$/.test(v) ? Number(v) : NaN;
    if (n >= 1 && n <= MAX_WORKERS) return n;
    ctx.addIssue({ code: 'custom', message: `expected auto or an integer from 1 to ${MAX_WORKERS}` });
    return z.NEVER;
  });

/**
 * Every environment variable the service reads. Plugin-specific variables (MAPPINGS_*, AUTH_CONFIG_PATH, …) are
 * read by the plugins' own `optionsFromEnv`; they are documented in docs/configuration.md all the same.
 */
export const envSchema = z.object({
  SERVER_PORT: int(0, 65535).default(42420),
  SERVER_HOST: z.string().trim().min(1).default('0.0.0.0'),
  LOG_LEVEL: logLevel.default('info'),
  MAPX_REQUEST_BODY_LIMIT: byteSize.default(50 * 1024 ** 2),
  MAPX_NDJSON_LINE_LIMIT: byteSize.default(1024 ** 2),
  MAPX_NDJSON_MAX_DURATION_MS: int(1).default(600_000),
  MAPX_CORS_ORIGINS: z
    .string()
    .default('*')
    .transform((v) => v.trim())
    .pipe(
      z.union([
        z.literal('*'),
        z.literal('none'),
        z
          .string()
          .transform((v) =>
            v
              .split(',')
              .map((o) => o.trim())
              .filter(Boolean),
          )
          .pipe(
            z.array(
              z.string().regex(/^[a-z][a-z0-9+.-]*:\/\/[^/\s?#]+$/i, {
                message:
                  'expected *, none, or origins such as https://designer.example.org (scheme://host[:port])',
              }),
            ),
          ),
      ]),
    ),
  MAPX_CORS_WRITES: bool.optional(),
  MAPX_EDITION: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['enterprise', 'base'], { message: 'expected enterprise or base' }))
    .default('enterprise'),
  MAPX_LICENSED_TO: optionalText.optional(),
  MAPX_LICENSED_UNTIL: optionalText
    .pipe(z.iso.date({ message: 'expected a date YYYY-MM-DD' }).optional())
    .optional(),
  MAPX_WARMUP: bool.default(true),
  MAPX_WARMUP_WAIT_MS: int(0).default(30_000),
  MAPX_EVAL_THROW_LEVEL: int(0, 100).default(30),
  MAPX_EVAL_LOG_LEVEL: int(0, 100).default(40),
  MAPX_EVAL_DIAG_COLLECT_LEVEL: int(0, 100).default(70),
  MAPX_EVAL_VALIDATION_LEVEL: int(0, 100).default(30),
  MAPX_EVAL_TIMEOUT_MS: int(1).default(5_000),
  MAPX_EVAL_MAX_DEPTH: int(10).default(1_000),
  MAPX_MAX_EXPRESSION_LENGTH: int(1).default(1_000_000),
  MAPX_MAX_EXPRESSION_DEPTH: int(8).default(256),
  MAPX_MAX_STRING_LENGTH: int(1).default(10_000_000),
  MAPX_MAX_INPUT_DEPTH: int(8).default(512),
  MAPX_EVAL_STRICT_BOOLEANS: bool.default(false),
  MAPX_COMPILED_EXPR_CACHE_MAX_ENTRIES: int(1).default(1000),
  MAPX_INPUT_DEFAULT_CHARSET: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => iconv.encodingExists(v), {
      message: 'expected a character set name such as utf-8, iso-8859-1 or windows-1252',
    })
    .default('utf-8'),
  MAPX_EVAL_ISOLATION: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['worker', 'off'], { message: 'expected worker or off' }))
    .default('worker'),
  MAPX_EVAL_THREADS: int(1, MAX_EVAL_THREADS).default(2),
  MAPX_EVAL_MEMORY_MB: int(MIN_EVAL_MEMORY_MB, 65_536).default(1024),
  MAPX_EVAL_YOUNG_GENERATION_MB: int(8, 1024).default(48),
  MAPX_EVAL_COMPILE_IN_THREAD: bool.default(true),
  MAPX_EVAL_QUEUE_TIMEOUT_MS: int(1, 600_000).default(5_000),
  FHIR_SERVER_BASE: url.optional(),
  FHIR_SERVER_AUTH_TYPE: z
    .string()
    .trim()
    .toUpperCase()
    .transform((v) => (v === 'BASIC' ? 'BASIC' : 'NONE'))
    .default('NONE'),
  FHIR_SERVER_UN: z.string().default(''),
  FHIR_SERVER_PW: z.string().default(''),
  FHIR_SERVER_TIMEOUT: int(1).default(30_000),
  FHIR_VERSION: z
    .string()
    .trim()
    .regex(/^\d+\.\d+\.\d+(-[\w.]+)?$/, { message: 'expected a FHIR version such as 4.0.1' })
    .default('4.0.1'),
  FHIR_PACKAGES: commaList,
  FHIR_PACKAGE_CACHE_DIR: optionalText.optional(),
  FHIR_PACKAGE_REGISTRY_URL: url.optional(),
  FHIR_PACKAGE_REGISTRY_TOKEN: optionalText.optional(),
  MAPPINGS_PRIMARY_WRITABLE_STORE: z
    .string()
    .trim()
    .toLowerCase()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.enum(['folder', 'fhir-server'], { message: 'expected folder or fhir-server' }).optional())
    .optional(),
  MAPPINGS_WRITE_ENABLED: bool.default(true),
  MAPX_TEST_CASE_MAX_BYTES: byteSize.default(1024 ** 2),
  MAPX_TEST_CASES_MAX: int(1).default(100),
  MAPX_PLUGINS: commaList,
  MAPX_PLUGIN_DIR: optionalText.optional(),
  MAPX_PLUGIN_OPTIONS: z
    .string()
    .default('{}')
    .transform((v, ctx) => {
      try {
        const parsed: unknown = JSON.parse(v);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          return parsed as Record<string, unknown>;
      } catch {
        /* reported below */
      }
      ctx.addIssue({ code: 'custom', message: 'expected a JSON object keyed by "<kind>:<id>"' });
      return z.NEVER;
    }),
  MAPX_DESIGNER_ENABLED: bool.optional(),
  MAPX_DESIGNER_AUTH_ENABLED: bool.default(false),
  MAPX_SHUTDOWN_TIMEOUT_MS: int(0).default(10_000),
  MAPX_DRAIN_DELAY_MS: int(0, 600_000).default(0),
  MAPX_METRICS: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['on', 'off'], { message: 'expected on or off' }))
    .default('on'),
  MAPX_WORKERS: workers.default(1),
  SERVER_STATELESS: z.string().optional(),
});

export type Env = z.output<typeof envSchema>;
