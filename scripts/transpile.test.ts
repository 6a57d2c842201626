import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transpiledFiles } from './transpile.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const projects = (
  JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as { references: { path: string }[] }
).references.map((r) => r.path);

describe('npm start transpiles the code tsc emits', () => {
  // `npm test` builds first (`tsc -b`): each project's dist holds what tsc emitted
  it.each(projects)('%s: every file, as tsc emits it (less the source map comment)', (project) => {
    let files = 0;
    for (const { source, output, text } of transpiledFiles(ROOT, project)) {
      expect(existsSync(output), `${source} has no ${output}`).toBe(true);
      const emitted = readFileSync(output, 'utf8').replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');
      expect(text.trimEnd(), output).toBe(emitted.trimEnd());
      files++;
    }
    expect(files).toBeGreaterThan(0);
  });
});
