import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { TEMPLATES_DIR } from './templates.js';

/** Placeholder → text, replaced in every file of the template (plugin-templates/README.md lists them). */
export type Placeholders = Readonly<Record<string, string>>;

/** npm never packs a `.gitignore`, and a nested package.json would read as a package of its own. */
const RENAMED: Readonly<Record<string, string>> = {
  gitignore: '.gitignore',
  '_package.json': 'package.json',
};

/**
 * Copies the template of `kind` into `target` with the placeholders filled in; returns the files written,
 * relative to `target`. Refuses a target that exists and is not empty: scaffolding never overwrites.
 */
export function scaffold(kind: string, target: string, placeholders: Placeholders): string[] {
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new Error(`${target} exists and is not empty; choose a new folder`);
  }
  const from = join(TEMPLATES_DIR, kind);
  const written: string[] = [];
  const copy = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const source = join(dir, entry.name);
      if (entry.isDirectory()) {
        copy(source);
        continue;
      }
      const rel = relative(from, source);
      const dest = join(target, relative(from, dir), RENAMED[entry.name] ?? entry.name);
      mkdirSync(join(dest, '..'), { recursive: true });
      writeFileSync(dest, fill(readFileSync(source, 'utf8'), placeholders));
      written.push(relative(target, dest) || rel);
    }
  };
  copy(from);
  return written.sort();
}

function fill(text: string, placeholders: Placeholders): string {
  let out = text;
  for (const [key, value] of Object.entries(placeholders)) out = out.replaceAll(key, value);
  return out;
}
