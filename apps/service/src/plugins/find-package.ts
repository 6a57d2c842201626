import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

export interface FoundPackage {
  readonly name: string;
  readonly version: string;
  readonly dir: string;
  readonly json: Readonly<Record<string, unknown>>;
}

/**
 * Finds a package the way Node would from `fromDir` (walking up `node_modules` folders), or takes a path to a
 * package folder. Reads package.json directly so that packages whose `exports` hide it are found too.
 */
export function findPackage(spec: string, fromDir: string): FoundPackage | undefined {
  const dir = looksLikePath(spec) ? resolve(spec) : findInNodeModules(spec, fromDir);
  if (!dir) return undefined;
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return undefined;
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return { name: String(json.name ?? spec), version: String(json.version ?? '0.0.0'), dir, json };
}

function looksLikePath(spec: string): boolean {
  return isAbsolute(spec) || spec.startsWith('./') || spec.startsWith('../') || spec.startsWith('file:');
}

function findInNodeModules(name: string, fromDir: string): string | undefined {
  let dir = resolve(fromDir);
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
