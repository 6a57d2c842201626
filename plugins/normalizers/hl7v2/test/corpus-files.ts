import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { corpus } from '../../../../test-support/corpora.js';

/** The public HL7 v2 corpus (its SOURCES.md names every source), found through the corpus helper. */
export const HL7V2_CORPUS = corpus('hl7v2-corpus');
export const CORPUS_DIR = HL7V2_CORPUS.dir;
export const corpusPresent = HL7V2_CORPUS.present;

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
