import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fhirClientOptionsFromEnv } from '@mapx/fhir-client';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/load-config.js';
import { createLogger } from '../../logger.js';
import { createRuntime } from '../../runtime.js';
import { Checkpoint, type RunIdentity } from './checkpoint.js';
import { listInputFiles } from './list-input-files.js';
import { OutputFiles } from './output-files.js';
import { targetClientOptions, targetCredentials } from '../target-credentials.js';
import { createProgress } from './progress.js';
import { totalBytes } from './read-inputs.js';
import { parseRunArgs, RUN_USAGE, type RunArgs } from './run-args.js';
import { runLayout, type RunLayout } from './run-layout.js';
import { mappingWarningLine, mappingWarnings, warningKey } from './mapping-warnings.js';
import { batchBufferPool, runLoop } from './run-loop.js';
import { fileTarget, folderTarget, type RunTarget } from './run-target.js';
import { serverTarget } from './server-target.js';

type App = Awaited<ReturnType<typeof buildApp>>;

/** `mapx run`: a whole archive through one mapping on every core (docs/bulk.md). Returns the exit code. */
export async function runCommand(argv: readonly string[]): Promise<number> {
  const parsed = parseRunArgs(argv);
  if (parsed.ok === 'help') {
    process.stdout.write(`${RUN_USAGE}\n`);
    return 0;
  }
  if (!parsed.ok) return fail(`${parsed.message}\n\n${RUN_USAGE}`);
  const { args } = parsed;
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    MAPX_DESIGNER_ENABLED: 'false',
    ...process.env,
    // every input is its own evaluation on a worker thread: the time and memory limits hold per input
    MAPX_EVAL_ISOLATION: 'worker',
    MAPX_EVAL_THREADS: String(args.workers),
  });
  if (!config.ok) return fail(config.message);
  const logger = createLogger(config.config.logLevel, process.stderr);
  const app = await buildApp(config.config, await createRuntime(config.config, logger), { logger });
  try {
    const source = await mappingSource(app, args.mapping);
    return await execute(app, args, source);
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err));
  } finally {
    await app.close();
  }
}

async function execute(app: App, args: RunArgs, source: string): Promise<number> {
  if (args.input === '-' && args.format === 'auto') throw new Error('--format is required for --input -');
  const files = await listInputFiles(args.input);
  const layout = runLayout(args.output, args.errors, args.checkpoint);
  const checkpoint = new Checkpoint(layout.checkpoint, identity(args, layout, source));
  const resumed = args.resume ? checkpoint.load() : undefined;
  if (!resumed) checkpoint.remove();
  // the threads build their engines before the clock starts: rates measure mapping, not start-up
  await app.mapx.evalPool?.start();
  const buffers = batchBufferPool(args.workers);
  const outputs = new OutputFiles(new Map(Object.entries(resumed?.files ?? {})), (bytes) =>
    buffers.give(bytes.buffer),
  );
  const warnings = await mappingWarnings(app, source);
  for (const w of warnings) {
    process.stderr.write(
      `mapx run: warning ${w.code}${w.line === undefined ? '' : ` (line ${w.line})`}: ${w.message}\n`,
    );
    if (!resumed) outputs.append(layout.errors, mappingWarningLine(w));
  }
  try {
    const summary = await runLoop({
      app,
      args,
      source,
      mappingWarnings: new Set(warnings.map(warningKey)),
      files,
      layout,
      checkpoint,
      resumed,
      outputs,
      buffers,
      target: createTarget(layout, outputs, args),
      progress: createProgress(args.progress, totalBytes(files)),
    });
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    if (summary.interrupted) return 130;
    return summary.failed > 0 ? 2 : 0;
  } finally {
    outputs.close();
  }
}

function createTarget(layout: RunLayout, outputs: OutputFiles, args: RunArgs): RunTarget {
  if (layout.kind === 'file') return fileTarget(outputs, layout.output);
  if (layout.kind === 'folder') return folderTarget(outputs, layout.output);
  const client = fhirClientOptionsFromEnv({ FHIR_SERVER_BASE: layout.output, ...timeoutOnly(process.env) });
  if (!client) throw new Error(`--output: not a FHIR server base URL: ${layout.output}`);
  const credentials = targetCredentials(layout.output, process.env, '--output');
  if (typeof credentials === 'string') throw new Error(credentials);
  return serverTarget({
    ...targetClientOptions(client.baseUrl, credentials, client.timeoutMs ?? 30_000),
    concurrency: args.postConcurrency,
  });
}

function timeoutOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  return env.FHIR_SERVER_TIMEOUT ? { FHIR_SERVER_TIMEOUT: env.FHIR_SERVER_TIMEOUT } : {};
}

/** A mapping file's text, or a saved mapping's (by id, from the configured stores, as the service reads them). */
async function mappingSource(app: App, mapping: string): Promise<string> {
  if (existsSync(mapping) && statSync(mapping).isFile()) return readFileSync(mapping, 'utf8');
  const view = await app.mapx.mappings.reload();
  const source = view.mappings.get(mapping);
  if (source === undefined)
    throw new Error(`--mapping: no file "${mapping}" and no mapping with that id in the configured stores`);
  if (source.trim() === '') throw new Error(`--mapping: the mapping "${mapping}" is empty`);
  return source;
}

function identity(args: RunArgs, layout: RunLayout, source: string): RunIdentity {
  return {
    mappingSha256: createHash('sha256').update(source).digest('hex'),
    input: args.input === '-' ? '-' : resolve(args.input),
    output: layout.output,
    format: args.format,
    shard: `${args.shard.index}/${args.shard.count}`,
    csvGroupBy: args.csvGroupBy,
    csvDelimiter: args.csvDelimiter,
    maxInputBytes: args.maxInputBytes,
  };
}

function fail(message: string): number {
  process.stderr.write(`mapx run: ${message}\n`);
  return 1;
}
