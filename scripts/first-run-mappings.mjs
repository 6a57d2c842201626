// `npm start` on a fresh checkout: saved mappings go to ./mappings unless MAPPINGS_FOLDER says otherwise
// (docs/authoring.md#first-run). The folder is created and seeded from examples/mappings only when it does not
// exist yet, so a newcomer's own work is never overwritten. The service itself keeps no default folder: run
// directly with nothing configured it serves only the built-in standard mappings (MAPX_STANDARD_MAPPINGS=off as
// well: /Mapping/* answers 405 as the interface spec says).
import { cpSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SEED = join(dirname(fileURLToPath(import.meta.url)), '..', 'examples', 'mappings');

/** Sets MAPPINGS_FOLDER to ./mappings when it is unset; returns a line for the console, or undefined. */
export function firstRunMappings(env = process.env, cwd = process.cwd()) {
  // set, even to '' or n/a: the operator decided (empty and n/a mean "no folder store")
  if (env.MAPPINGS_FOLDER !== undefined) return undefined;
  const folder = resolve(cwd, 'mappings');
  env.MAPPINGS_FOLDER = folder;
  if (existsSync(folder)) return `mapx: saved mappings in ${folder} (MAPPINGS_FOLDER unset: ./mappings)`;
  cpSync(SEED, folder, { recursive: true });
  return `mapx: created ${folder} with the example mapping csvPatient and its test (MAPPINGS_FOLDER unset: ./mappings)`;
}
