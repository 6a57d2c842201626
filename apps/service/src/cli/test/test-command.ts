import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/load-config.js';
import { createLogger } from '../../logger.js';
import { createRuntime } from '../../runtime.js';
import { runMappingTests } from '../../mapping-tests/run-mapping-tests.js';
import { testCaseStore, type TestCaseStore } from '../../mapping-tests/test-store.js';
import type { MappingTestReport } from '../../mapping-tests/test-result.js';
import { acceptOutputs } from './accept-outputs.js';
import { junitReport } from './junit-report.js';
import { printReport, printTotals, type Printer } from './print-report.js';
import { parseTestArgs, TEST_USAGE, type TestArgs } from './test-args.js';

type App = Awaited<ReturnType<typeof buildApp>>;

/** `mapx test`: every test case beside the mappings of one folder (docs/authoring.md). Returns the exit code. */
export async function testCommand(argv: readonly string[]): Promise<number> {
  const parsed = parseTestArgs(argv, process.env);
  if (parsed.ok === 'help') return print(`${TEST_USAGE}\n`, 0);
  if (!parsed.ok) return print(`mapx test: ${parsed.message}\n\n${TEST_USAGE}\n`, 2, process.stderr);
  const where = storeEnv(parsed.args);
  if (typeof where === 'string') return print(`mapx test: ${where}\n`, 2, process.stderr);
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    MAPX_DESIGNER_ENABLED: 'false',
    MAPX_EVAL_ISOLATION: 'off',
    ...process.env,
    ...where.env,
    MAPPINGS_WRITE_ENABLED: String(parsed.args.update),
    MAPPINGS_FILE_POLLING_INTERVAL_MS: '0',
    MAPPINGS_FILE_WATCH: 'false',
  });
  if (!config.ok) return print(`mapx test: ${config.message}\n`, 2, process.stderr);
  const logger = createLogger(config.config.logLevel, process.stderr);
  const app = await buildApp(config.config, await createRuntime(config.config, logger), { logger });
  try {
    return await runAll(app, where.label, parsed.args);
  } finally {
    await app.close();
  }
}

/** The stores `mapx test` reads: one folder, or one FHIR server (then no folder), as the only mapping source. */
function storeEnv(args: TestArgs): { env: Record<string, string>; label: string } | string {
  if (args.fhirServer !== undefined) {
    return {
      env: {
        FHIR_SERVER_BASE: args.fhirServer,
        MAPPINGS_FOLDER: 'n/a',
        MAPPINGS_PRIMARY_WRITABLE_STORE: 'fhir-server',
      },
      label: args.fhirServer,
    };
  }
  const folder = resolve(args.folder);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return `no mappings folder at ${folder}`;
  return { env: { MAPPINGS_FOLDER: folder, MAPPINGS_PRIMARY_WRITABLE_STORE: 'folder' }, label: folder };
}

async function runAll(app: App, where: string, args: TestArgs): Promise<number> {
  const view = await app.mapx.mappings.reload();
  const store = testCaseStore(app.mapx);
  if (!store) return print(`mapx test: no store that keeps test cases at ${where}\n`, 2, process.stderr);
  const ids = args.mapping ? [args.mapping] : [...view.mappings.keys()].sort();
  if (args.mapping && !view.mappings.has(args.mapping))
    return print(`mapx test: no mapping "${args.mapping}" in ${where}\n`, 1, process.stderr);
  if (args.fhirServer === undefined) warnOrphans(where, new Set(view.mappings.keys()));
  const out: Printer = { write: (t) => process.stdout.write(t), colour: process.stdout.isTTY === true };
  const reports: MappingTestReport[] = [];
  for (const id of ids) {
    const report = await runOne(app, store, id, args.update);
    if (report.results.length === 0 && !args.mapping) continue;
    printReport(out, report);
    reports.push(report);
  }
  printTotals(out, reports);
  if (args.junit) {
    mkdirSync(dirname(resolve(args.junit)), { recursive: true });
    writeFileSync(args.junit, junitReport(reports));
  }
  return reports.some((r) => r.failed > 0) ? 1 : 0;
}

async function runOne(
  app: App,
  store: TestCaseStore,
  id: string,
  update: boolean,
): Promise<MappingTestReport> {
  const report = (await runMappingTests(app.mapx, store, id)) as MappingTestReport;
  return update ? acceptOutputs(store, report) : report;
}

/** `<id>.tests` folders whose mapping is gone: their cases cannot run, and silence would hide that. */
function warnOrphans(folder: string, served: ReadonlySet<string>): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.endsWith('.tests')) continue;
    const id = entry.name.slice(0, -'.tests'.length);
    if (!served.has(id))
      process.stderr.write(
        `mapx test: warning: ${entry.name}/ has no mapping ${id}; its cases were not run\n`,
      );
  }
}

function print(text: string, code: number, stream: NodeJS.WritableStream = process.stdout): number {
  stream.write(text);
  return code;
}
