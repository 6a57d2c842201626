// Stages the mapx service for embed mode in the packaged app: `build/service/node_modules/@mapx/service` with
// its production dependencies, which electron-builder copies as extraResources (`resources/service`).
// Our workspace packages are packed as tarballs (exactly what `npm publish` would ship: their `files`), the
// third-party ones come from the registry with the root lockfile's versions range, without install scripts.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
const stage = resolve(import.meta.dirname, '../build/service');
const tarballs = join(stage, 'tarballs');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// The lockfile links every workspace package: node_modules/@mapx/x → { resolved: 'plugins/x', link: true }.
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages;

function workspaceDeps(dir, seen = new Map()) {
  const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  seen.set(pkg.name, dir);
  for (const name of Object.keys(pkg.dependencies ?? {})) {
    const link = lock[`node_modules/${name}`];
    if (link?.link && !seen.has(name)) workspaceDeps(link.resolved, seen);
  }
  return seen;
}

rmSync(stage, { recursive: true, force: true });
mkdirSync(tarballs, { recursive: true });
const packages = workspaceDeps('apps/service');
const dependencies = {};
for (const [name, dir] of packages) {
  const out = execFileSync(npm, ['pack', '--silent', '--pack-destination', tarballs, `./${dir}`], {
    cwd: root,
    encoding: 'utf8',
  });
  dependencies[name] = `file:./tarballs/${out.trim().split('\n').pop()}`;
}
writeFileSync(
  join(stage, 'package.json'),
  JSON.stringify({ name: 'mapx-embedded-service', private: true, dependencies }, null, 2),
);
execFileSync(npm, ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], {
  cwd: stage,
  stdio: 'inherit',
});
rmSync(tarballs, { recursive: true, force: true });
console.log(`staged ${packages.size} mapx packages in ${stage}`);
