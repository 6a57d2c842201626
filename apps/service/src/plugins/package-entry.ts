import { join } from 'node:path';
import type { FoundPackage } from './find-package.js';

/** The ESM entry file of a package: `exports["."]` (import/default conditions), else `module`, else `main`. */
export function packageEntry(pkg: FoundPackage): string {
  const exp = pkg.json.exports;
  const root =
    typeof exp === 'string' ? exp : pick((exp as Record<string, unknown> | undefined)?.['.'] ?? exp);
  const rel =
    root ?? (pkg.json.module as string | undefined) ?? (pkg.json.main as string | undefined) ?? 'index.js';
  return join(pkg.dir, rel);
}

function pick(target: unknown): string | undefined {
  if (typeof target === 'string') return target;
  if (!target || typeof target !== 'object') return undefined;
  const t = target as Record<string, unknown>;
  for (const key of ['import', 'node', 'default']) {
    const found = pick(t[key]);
    if (found) return found;
  }
  return undefined;
}
