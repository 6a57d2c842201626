import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './built-service.js';

/**
 * The Electron executable when its binary has been fetched (`npm run electron:fetch -w @mapx/designer`);
 * undefined where it cannot be (CI, this repository's default: install scripts are off).
 */
export function electronBinary(): string | undefined {
  const dir = join(REPO_ROOT, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}
