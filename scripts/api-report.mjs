// The public surface of @mapx/plugin-api and @mapx/plugin-testkit, as API reports checked into
// `<package>/api-report/*.api.md` (@microsoft/api-extractor, read from the built declarations in dist/).
//   node scripts/api-report.mjs          check: fails when the surface differs from the checked-in report (npm test)
//   node scripts/api-report.mjs --update  rewrite the reports (`npm run api-report`), then review and commit them
// A changed report in a pull request is a change to the plugin contract: docs/plugins.md, "Versions", says
// which changes are breaking. Needs `npm run build` (or `tsc -b shared/plugin-api shared/plugin-testkit`) first.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const ROOT = resolve(import.meta.dirname, '..');

/** One report per entry point of each package's `exports`: a new entry point cannot go unreported. */
const REPORTS = ['shared/plugin-api', 'shared/plugin-testkit'].flatMap(entryReports);

function entryReports(dir) {
  const pkg = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
  const base = pkg.name.replace(/^@mapx\//, '');
  return Object.entries(pkg.exports).map(([subpath, target]) => ({
    dir,
    entry: target.types.replace(/^\.\//, ''),
    report: subpath === '.' ? base : `${base}-${subpath.replace(/^\.\//, '').replaceAll('/', '-')}`,
  }));
}

/** Resolves imports as a consumer of the published packages does: no `@mapx/source` condition, built types. */
const CONSUMER_TSCONFIG = {
  compilerOptions: {
    target: 'ES2023',
    lib: ['ES2023'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    skipLibCheck: true,
    types: ['node'],
  },
};

const update = process.argv.includes('--update');
const temp = mkdtempSync(join(tmpdir(), 'mapx-api-report-'));
const changed = [];
try {
  for (const r of REPORTS) {
    const projectFolder = join(ROOT, r.dir);
    mkdirSync(join(projectFolder, 'api-report'), { recursive: true });
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder,
        mainEntryPointFilePath: join(projectFolder, r.entry),
        compiler: { overrideTsconfig: { ...CONSUMER_TSCONFIG, files: [join(projectFolder, r.entry)] } },
        apiReport: {
          enabled: true,
          reportFileName: `${r.report}.api.md`,
          reportFolder: join(projectFolder, 'api-report'),
          reportTempFolder: temp,
        },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        newlineKind: 'lf',
        messages: {
          // release tags (@public, @beta) are not used: everything exported is public, per docs/plugins.md
          extractorMessageReporting: { 'ae-missing-release-tag': { logLevel: 'none' } },
          tsdocMessageReporting: { default: { logLevel: 'none' } },
        },
      },
      configObjectFullPath: undefined,
      packageJsonFullPath: join(projectFolder, 'package.json'),
    });
    const result = Extractor.invoke(config, { localBuild: update, messageCallback: quietInfo });
    if (result.apiReportChanged) changed.push(`${r.dir}/api-report/${r.report}.api.md`);
    if (!result.succeeded && !result.apiReportChanged) {
      throw new Error(`api-extractor failed for ${r.dir}/${r.entry}: ${result.errorCount} error(s)`);
    }
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
if (changed.length === 0) console.log(`api-report: ${REPORTS.length} reports match the public surface`);
else if (update) console.log(`api-report: updated ${changed.join(', ')}; review and commit them`);
else {
  console.error(
    `api-report: the public plugin API changed (${changed.join(', ')}).\n` +
      'Run `npm run api-report`, review the diff (docs/plugins.md, "Versions": is it breaking?) and commit it.',
  );
  process.exit(1);
}

function quietInfo(message) {
  if (message.logLevel === 'info' || message.logLevel === 'verbose') message.handled = true;
}
