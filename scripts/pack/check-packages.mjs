// `npm run check:packages` (part of `npm test`): packs every public package as `npm publish` would and checks
// each tarball with publint (package.json fields against the files really packed; warnings fail too) and
// arethetypeswrong (its types resolve for TypeScript consumers; profile "esm-only": the packages are ESM, so
// the node10 and require-from-CommonJS resolutions are not checked). Needs `npm run build` first.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { packAll } from './pack-all.mjs';

const IGNORED_RESOLUTIONS = new Set(['node10', 'node16-cjs']);

const dest = mkdtempSync(join(tmpdir(), 'mapx-check-packages-'));
let failures = 0;
try {
  for (const p of packAll(dest)) {
    const problems = [...(await publintProblems(p.tarball)), ...(await typeProblems(p.tarball))];
    failures += problems.length;
    console.log(`${problems.length ? '✗' : '✓'} ${p.name}@${p.version}`);
    for (const problem of problems) console.log(`    ${problem}`);
  }
} finally {
  rmSync(dest, { recursive: true, force: true });
}
if (failures > 0) {
  console.error(`check:packages: ${failures} problem(s)`);
  process.exit(1);
}

async function publintProblems(tarball) {
  const data = readFileSync(tarball);
  const tarballBuffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
  const { messages, pkg } = await publint({
    pack: { tarball: tarballBuffer },
    level: 'suggestion',
    strict: true,
  });
  return messages.map((m) => `publint ${m.type}: ${formatMessage(m, pkg, { color: false })}`);
}

async function typeProblems(tarball) {
  const analysis = await checkPackage(
    await createPackageFromTarballData(new Uint8Array(readFileSync(tarball))),
  );
  if (!analysis.types) return ['attw: the package has no type declarations'];
  return analysis.problems
    .filter((p) => !('resolutionKind' in p) || !IGNORED_RESOLUTIONS.has(p.resolutionKind))
    .map((p) => `attw ${p.kind}: ${'entrypoint' in p ? p.entrypoint : ''} ${p.resolutionKind ?? ''}`.trim());
}
