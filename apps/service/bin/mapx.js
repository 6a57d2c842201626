#!/usr/bin/env node
// The `mapx` command. A launcher kept in git (not a build output), so `npx mapx` resolves to this workspace
// right after `npm ci` and never asks a registry for a package named mapx. It runs the built CLI; on a fresh
// clone, where nothing is built yet, it first builds the service once with the workspace's own TypeScript.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const serviceDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(serviceDir, 'dist', 'cli', 'mapx-cli.js');

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
await import(pathToFileURL(cli).href);
