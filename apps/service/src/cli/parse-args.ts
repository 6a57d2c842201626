import { OVERVIEW } from './overview.js';

export interface EvalArgs {
  readonly expression?: string;
  readonly expressionFile?: string;
  readonly inputFile?: string;
  readonly contentType?: string;
  readonly bindings?: string;
  readonly verbose: boolean;
  /** `--explain`: the verbose report with its `explain` section (where each result element came from). */
  readonly explain?: boolean;
}

export type ParsedArgs =
  | { ok: true; command: 'eval'; args: EvalArgs }
  | { ok: true; command: 'help' }
  | { ok: false; message: string; usage: string };

const VALUE_FLAGS: Record<string, keyof EvalArgs> = {
  '-e': 'expression',
  '--expression': 'expression',
  '-f': 'expressionFile',
  '--file': 'expressionFile',
  '-i': 'inputFile',
  '--input': 'inputFile',
  '-t': 'contentType',
  '--content-type': 'contentType',
  '-b': 'bindings',
  '--bindings': 'bindings',
};

/** `mapx eval (-e EXPR | -f FILE | FILE) [-i INPUT] [-t TYPE] [-b JSON] [--verbose] [--explain]` */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const [command, ...rest] = argv;
  if (command !== 'eval') return { ok: false, message: `unknown command "${command}"`, usage: OVERVIEW };
  const args: Record<string, string | boolean> = { verbose: false };
  const fail = (message: string): ParsedArgs => ({ ok: false, message, usage: USAGE });
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    if (arg === '--help' || arg === '-h') return { ok: true, command: 'help' };
    if (arg === '--verbose' || arg === '-v') args.verbose = true;
    else if (arg === '--explain') args.explain = true;
    else if (VALUE_FLAGS[arg]) {
      const value = rest[++i];
      if (value === undefined) return fail(`${arg} needs a value`);
      args[VALUE_FLAGS[arg]] = value;
    } else if (!arg.startsWith('-') && args.expressionFile === undefined && args.expression === undefined)
      args.expressionFile = arg;
    else return fail(`unknown option "${arg}"`);
  }
  if (args.expression === undefined && args.expressionFile === undefined)
    return fail('give an expression with -e or a file with -f');
  return { ok: true, command: 'eval', args: args as unknown as EvalArgs };
}

export const USAGE = `Usage: mapx eval (-e EXPRESSION | -f FILE.mapx | FILE.mapx) [options]

Options:
  -i, --input FILE          input file (default: evaluate against null)
  -t, --content-type TYPE   media type of the input (default: guessed from the extension, else application/json)
  -b, --bindings JSON       JSON object of extra bindings, e.g. '{"throwLevel": 20}'
  -v, --verbose             print the verbose report instead of the result
  -h, --help                this help
      --explain             print the verbose report with its explain section: for each result element the
                            rule (line, column) and input paths behind it, rules that produced nothing
Environment variables are those of the service (FHIR_PACKAGES, MAPPINGS_FOLDER, MAPX_EVAL_* …).
Exit code 0 when the evaluation succeeded (status 200), 1 otherwise.`;
