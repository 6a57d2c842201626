import { readFileSync } from 'node:fs';

let cached: string | undefined;

/** The service package version (read once). */
export function productVersion(): string {
  cached ??= (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
  ).version;
  return cached;
}
