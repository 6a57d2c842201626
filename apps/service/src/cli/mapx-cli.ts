#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import type { NormalizeWarning } from '@mapx/plugin-api';
import { loadConfig } from '../config/load-config.js';
import { createLogger } from '../logger.js';
import { createRuntime } from '../runtime.js';
import { buildApp } from '../app.js';
import { runEvaluation } from '../evaluation/run-evaluation.js';
import { inputFailure } from '../eval/failures.js';
import { evaluationAnswer } from '../http/reply/evaluation-answer.js';
import { isVerbose } from '../http/verbose-flag.js';
import { explainFields } from './explain-args.js';
import { parseArgs, USAGE, type EvalArgs } from './parse-args.js';
import { guessContentType } from '../normalize/guess-content-type.js';
import { runCommand } from './run/run-command.js';
import { pluginCommand } from './plugin-new/plugin-command.js';
import { applyMappingsFolderDefault } from './mappings-folder-default.js';
import { cliVersion, OVERVIEW, SERVE_USAGE } from './overview.js';

/** `mapx <command>`; `mapx eval` is the same pipeline as POST /, for mapping authors' CI. */
async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h')
    return say(OVERVIEW);
  if (command === '--version' || command === '-V') return say(cliVersion());
  applyMappingsFolderDefault(process.env, process.cwd());
  if (command === 'run') return runCommand(rest);
  if (command === 'test') return (await import('./test/test-command.js')).testCommand(rest);
  if (command === 'plugin') return pluginCommand(rest);
  // `mapx serve` itself never reaches this module (bin/mapx.js starts the service directly), its help does
  if (command === 'serve')
    return rest.length === 1 && (rest[0] === '--help' || rest[0] === '-h')
      ? say(SERVE_USAGE)
      : fail('serve takes no arguments; it is configured by environment variables');
  const parsed = parseArgs(argv);
  if (!parsed.ok) return fail(`${parsed.message}\n\n${parsed.usage}`);
  if (parsed.command === 'help') return say(USAGE);
  // one evaluation and exit: no neighbours to protect, so no worker threads to start unless asked for
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    MAPX_DESIGNER_ENABLED: 'false',
    MAPX_EVAL_ISOLATION: 'off',
    ...process.env,
  });
  if (!config.ok) return fail(config.message);
  const logger = createLogger(config.config.logLevel, process.stderr);
  const app = await buildApp(config.config, await createRuntime(config.config, logger), { logger });
  try {
    return await evaluate(app, parsed.args);
  } finally {
    await app.close();
  }
}

async function evaluate(app: Awaited<ReturnType<typeof buildApp>>, args: EvalArgs): Promise<number> {
  const source = args.expression ?? readFileSync(args.expressionFile as string, 'utf8');
  const verbose = args.explain === true || isVerbose({ verbose: args.verbose ? 'true' : undefined });
  let input: unknown = null;
  let inputWarnings: readonly NormalizeWarning[] = [];
  if (args.inputFile) {
    // bytes, not text: the dispatcher decodes them by the file's declared character set
    const bytes = readFileSync(args.inputFile);
    const result = await app.mapx.dispatcher.normalize(
      args.contentType ?? guessContentType(args.inputFile, bytes.toString('latin1')),
      bytes,
      true,
    );
    if (!result.ok) return print(evaluationAnswer(inputFailure(result), verbose).body, 1);
    input = result.value;
    inputWarnings = result.warnings ?? [];
  }
  const bindings = args.bindings ? (JSON.parse(args.bindings) as Record<string, unknown>) : {};
  const outcome = await runEvaluation(app.mapx, {
    source,
    input,
    verbose,
    ...explainFields(args),
    lowerCollect: true,
    bindings,
    inputWarnings,
    resultAs: 'value',
  });
  for (const warning of outcome.warnings)
    process.stderr.write(`mapx: warning ${warning.code}: ${warning.message}
`);
  // what POST / would answer, printed as JSON (asked for as a value: no text to parse back)
  return print(evaluationAnswer(outcome, verbose).body, outcome.ok ? 0 : 1);
}

function print(value: unknown, code: number): number {
  if (value !== undefined) process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  return code;
}

function say(text: string): number {
  process.stdout.write(`${text}\n`);
  return 0;
}

function fail(message: string): number {
  process.stderr.write(`mapx: ${message}\n`);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`mapx: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
