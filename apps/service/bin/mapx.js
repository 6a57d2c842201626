#!/usr/bin/env node
// The `mapx` command. A launcher kept in git (not a build output), so that in this repository `npx mapx` resolves
// to this workspace right after `npm ci`; installed from the registry (`npm install @mapx/service`) it is the
// package's bin. It runs the built CLI; on a fresh clone, where nothing is built yet, it first builds the service
// once with the workspace's own TypeScript. `mapx serve` is the service itself (dist/main.js), loaded without the
// CLI's modules; cluster workers (MAPX_WORKERS) re-run this file with the same arguments and serve too.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const serviceDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(serviceDir, 'dist', 'cli', 'mapx-cli.js');
const main = join(serviceDir, 'dist', 'main.js');

if (!existsSync(cli)) {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  process.stderr.write('mapx: first run on this checkout: building the CLI (tsc -b apps/service)...\n');
  try {
    execFileSync(process.execPath, [tsc, '-b', serviceDir], { stdio: ['ignore', 'inherit', 'inherit'] });
  } catch {
    process.stderr.write('mapx: the build failed; run `npm run build` to see why\n');
    process.exit(1);
  }
}
// `serve` with arguments (its --help, or a mistake) is answered by the CLI; alone it is the service
if (process.argv[2] !== 'serve' || process.argv.length > 3) await import(pathToFileURL(cli).href);
else {
  const { applyMappingsFolderDefault } = await import(
    pathToFileURL(join(serviceDir, 'dist', 'cli', 'mappings-folder-default.js')).href
  );
  applyMappingsFolderDefault(process.env, process.cwd());
  await import(pathToFileURL(main).href);
}
