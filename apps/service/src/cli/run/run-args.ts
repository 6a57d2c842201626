import { availableParallelism } from 'node:os';

export type InputFormat = 'auto' | 'hl7v2' | 'ndjson' | 'csv' | 'xml' | 'json';
const FORMATS: readonly InputFormat[] = ['auto', 'hl7v2', 'ndjson', 'csv', 'xml', 'json'];

export interface RunArgs {
  readonly mapping: string;
  readonly input: string;
  readonly output: string;
  readonly format: InputFormat;
  readonly workers: number;
  readonly shard: { readonly index: number; readonly count: number };
  readonly resume: boolean;
  readonly errors?: string;
  readonly checkpoint?: string;
  readonly checkpointEvery: number;
  readonly csvGroupBy?: string;
  readonly csvDelimiter: string;
  readonly maxInputBytes: number;
  readonly postConcurrency: number;
  readonly progress: 'auto' | 'bar' | 'json' | 'off';
}

export type ParsedRunArgs = { ok: true; args: RunArgs } | { ok: 'help' } | { ok: false; message: string };

const VALUE_FLAGS = new Set([
  '--mapping',
  '--input',
  '--output',
  '--format',
  '--workers',
  '--shard',
  '--errors',
  '--checkpoint',
  '--checkpoint-every',
  '--csv-group-by',
  '--csv-delimiter',
  '--max-input-bytes',
  '--post-concurrency',
  '--progress',
]);

/** `mapx run --mapping M --input I --output O [options]` (see RUN_USAGE). */
export function parseRunArgs(argv: readonly string[]): ParsedRunArgs {
  const values = new Map<string, string>();
  let resume = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') return { ok: 'help' };
    if (arg === '--resume') resume = true;
    else if (VALUE_FLAGS.has(arg)) {
      const value = argv[++i];
      if (value === undefined) return { ok: false, message: `${arg} needs a value` };
      values.set(arg, value);
    } else return { ok: false, message: `unknown option "${arg}"` };
  }
  for (const required of ['--mapping', '--input', '--output'])
    if (!values.has(required)) return { ok: false, message: `${required} is required` };
  try {
    return { ok: true, args: build(values, resume) };
  } catch (err) {
    return { ok: false, message: (err as Error).message };
  }
}

function build(values: Map<string, string>, resume: boolean): RunArgs {
  const format = (values.get('--format') ?? 'auto') as InputFormat;
  if (!FORMATS.includes(format)) throw new Error(`--format must be one of ${FORMATS.join(', ')}`);
  const progress = values.get('--progress') ?? 'auto';
  if (!['auto', 'bar', 'json', 'off'].includes(progress))
    throw new Error('--progress must be auto, bar, json or off');
  const delimiter = values.get('--csv-delimiter') ?? ',';
  if (delimiter.length !== 1) throw new Error('--csv-delimiter must be one character');
  const optional = (flag: string, key: string) =>
    values.has(flag) ? { [key]: values.get(flag) as string } : {};
  return {
    mapping: values.get('--mapping') as string,
    input: values.get('--input') as string,
    output: values.get('--output') as string,
    format,
    workers: int(values, '--workers', availableParallelism(), 1, 64),
    shard: shard(values.get('--shard') ?? '0/1'),
    resume,
    ...optional('--errors', 'errors'),
    ...optional('--checkpoint', 'checkpoint'),
    ...optional('--csv-group-by', 'csvGroupBy'),
    checkpointEvery: int(values, '--checkpoint-every', 1000, 1, 10_000_000),
    csvDelimiter: delimiter,
    maxInputBytes: int(values, '--max-input-bytes', 16 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    postConcurrency: int(values, '--post-concurrency', 4, 1, 256),
    progress: progress as RunArgs['progress'],
  };
}

function int(values: Map<string, string>, flag: string, fallback: number, min: number, max: number): number {
  const text = values.get(flag);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${flag} must be a whole number from ${min} to ${max}`);
  return n;
}

function shard(text: string): RunArgs['shard'] {
  const m = /^(\d{1,6})\/(\d{1,6})$/.exec(text);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index >= count)
    throw new Error('--shard must be i/n with 0 <= i < n, e.g. 0/4 (JOB_COMPLETION_INDEX/parallelism)');
  return { index, count };
}

export const RUN_USAGE = `Usage: mapx run --mapping ID|FILE.mapx --input PATH --output TARGET [options]

  --mapping ID|FILE       a mapping id (from the service's mapping stores: MAPPINGS_FOLDER, else ./mappings) or a file
  --input PATH            a file, a folder (every file inside, recursively), a glob ("in/**/*.hl7") or - (stdin)
  --output TARGET         FILE.ndjson (one line per input's result), a folder (one NDJSON file per resourceType)
                          or an http(s) FHIR server base URL (Bundles POSTed to the base, resources PUT/POSTed)
  --format F              auto (default: by extension), hl7v2, ndjson, csv, xml, json (required for stdin)
  --workers N             evaluation worker threads (default: the number of cores)
  --shard I/N             map only the inputs whose position modulo N is I (default 0/1)
  --resume                continue from the checkpoint when there is one (else start over)
  --errors FILE           errors NDJSON (default: next to the output)
  --checkpoint FILE       checkpoint file (default: next to the output)
  --checkpoint-every N    inputs between checkpoints (default 1000; also at least once a second)
  --csv-group-by COLUMN   one input per run of consecutive rows with the same COLUMN value (default: per row)
  --csv-delimiter C       CSV delimiter (default ,)
  --max-input-bytes N     largest single input (default 16 MiB); a larger one is reported as an error
  --post-concurrency N    concurrent requests to a FHIR server output (default 4)
  --progress MODE         auto (bar on a terminal, JSON lines otherwise), bar, json, off
  -h, --help              this help
Exit code 0 when every input converted, 2 when some failed (see the errors file), 1 when the run could not run.
See docs/bulk.md.`;
