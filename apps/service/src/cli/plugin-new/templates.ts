import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** apps/service/plugin-templates, from src/cli/plugin-new or dist/cli/plugin-new; shipped in the package. */
export const TEMPLATES_DIR = fileURLToPath(new URL('../../../plugin-templates/', import.meta.url));

/** The kinds `mapx plugin new` can scaffold: one folder of templates each. */
export function templateKinds(): string[] {
  return readdirSync(TEMPLATES_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}
