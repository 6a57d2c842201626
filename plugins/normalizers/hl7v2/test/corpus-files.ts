import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The public HL7 v2 corpus (shared/hl7v2-corpus, SOURCES.md there), beside the repository root. */
export const CORPUS_DIR = fileURLToPath(new URL('../../../../../shared/hl7v2-corpus/', import.meta.url));
export const corpusPresent = existsSync(join(CORPUS_DIR, 'files.tsv'));

const NOT_MESSAGES = new Set(['files.tsv', 'SOURCES.md', 'README.md', '.gitattributes']);

/** Message files under `dir` of the corpus (relative paths), `malformed/` included only when asked for. */
export function corpusFiles(under: '' | 'malformed'): string[] {
  const root = join(CORPUS_DIR, under);
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const rel = relative(CORPUS_DIR, path);
      if (statSync(path).isDirectory()) {
        if (rel !== 'LICENSES' && (under === 'malformed' || rel !== 'malformed')) walk(path);
      } else if (!NOT_MESSAGES.has(name)) out.push(rel);
    }
  };
  walk(root);
  return out;
}
