export interface TestArgs {
  /** The mappings folder (default: MAPPINGS_FOLDER, else ./mappings). */
  readonly folder: string;
  /** Run the tests kept on this FHIR server (DocumentReferences beside its StructureMaps) instead of a folder. */
  readonly fhirServer?: string;
  readonly junit?: string;
  /** Only this mapping's tests. */
  readonly mapping?: string;
  /** Write each case's actual output as its new expectation (failed and new cases). */
  readonly update: boolean;
}

export type ParsedTestArgs = { ok: true; args: TestArgs } | { ok: false; message: string } | { ok: 'help' };

export const TEST_USAGE = `Usage: mapx test [FOLDER | --fhir-server URL] [--junit FILE] [--mapping ID] [--update]

Runs every test case kept beside the mappings of FOLDER (default: MAPPINGS_FOLDER, else ./mappings):
<id>.tests/<name>.<ext> inputs with <name>.expected.json expectations, in test mode (fixed clock, seeded UUIDs).
  --fhir-server URL  run the cases a FHIR server keeps beside its StructureMaps instead (DocumentReferences;
                   credentials as for FHIR_SERVER_BASE, docs/configuration.md)
  --junit FILE     also write a JUnit XML report (one test suite per mapping) for CI
  --mapping ID     run only this mapping's tests
  --update         store the actual output as the expectation of failed and new cases
  -h, --help       this help
Exit code 0 when every case passed, 1 when one failed or could not run, 2 for bad usage.`;

/** `mapx test [FOLDER | --fhir-server URL] [--junit FILE] [--mapping ID] [--update]` */
export function parseTestArgs(argv: readonly string[], env: NodeJS.ProcessEnv): ParsedTestArgs {
  let folder: string | undefined;
  let junit: string | undefined;
  let mapping: string | undefined;
  let fhirServer: string | undefined;
  let update = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '-h' || arg === '--help') return { ok: 'help' };
    if (arg === '--update') update = true;
    else if (arg === '--junit' || arg === '--mapping' || arg === '--fhir-server') {
      const value = argv[++i];
      if (value === undefined || value === '') return { ok: false, message: `${arg} needs a value` };
      if (arg === '--junit') junit = value;
      else if (arg === '--mapping') mapping = value;
      else if (!/^https?:\/\//i.test(value))
        return { ok: false, message: `--fhir-server needs an http(s) URL (got "${value}")` };
      else fhirServer = value;
    } else if (arg.startsWith('-')) return { ok: false, message: `unknown option "${arg}"` };
    else if (folder === undefined) folder = arg;
    else return { ok: false, message: `one folder only (got "${folder}" and "${arg}")` };
  }
  if (folder !== undefined && fhirServer !== undefined)
    return { ok: false, message: 'a FOLDER or --fhir-server, not both' };
  const fromEnv = env['MAPPINGS_FOLDER']?.trim();
  const configured = fromEnv && fromEnv.toLowerCase() !== 'n/a' ? fromEnv : undefined;
  return {
    ok: true,
    args: {
      folder: folder ?? configured ?? './mappings',
      update,
      ...(fhirServer === undefined ? {} : { fhirServer }),
      ...(junit === undefined ? {} : { junit }),
      ...(mapping === undefined ? {} : { mapping }),
    },
  };
}
