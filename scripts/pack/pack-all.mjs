// `npm pack` of every public package (scripts/pack/public-packages.mjs) into one folder, from what `npm run build`
// left in dist/: `node scripts/pack/pack-all.mjs [folder]` (default .cache/packs). The stranger's install test,
// the publint/attw check and the starter test all use these tarballs, exactly what `npm publish` would upload.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT, publicPackages } from './public-packages.mjs';
import { stageDesigner } from './stage-designer.mjs';

/** Packs every public package into `dest`; returns `{ name, version, dir, tarball }` for each, in list order. */
export function packAll(dest) {
  mkdirSync(dest, { recursive: true });
  const packages = publicPackages();
  stageDesigner();
  try {
    const args = ['pack', '--json', '--pack-destination', dest, ...packages.flatMap((p) => ['-w', p.name])];
    const packed = JSON.parse(
      execFileSync('npm', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 }),
    );
    const byName = new Map(packed.map((p) => [p.name, join(dest, p.filename)]));
    return packages.map((p) => ({ ...p, tarball: byName.get(p.name) }));
  } finally {
    rmSync(join(ROOT, 'apps/service/designer'), { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) {
  const dest = resolve(process.argv[2] ?? join(ROOT, '.cache/packs'));
  for (const p of packAll(dest)) console.log(`${p.name}@${p.version} → ${p.tarball}`);
}
