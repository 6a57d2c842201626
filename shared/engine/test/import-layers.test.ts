import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');

/**
 * The engine's stages, each with the folders it may import (docs/engine.md, "Layers"). Files at the top of
 * `src/` (`index.ts`, `legacy-payload.ts`) are the public surface and may import any folder.
 */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  errors: [],
  runtime: ['errors'],
  'fhir-client': [],
  syntax: ['errors', 'runtime'],
  compile: ['errors', 'runtime', 'syntax'],
  functions: ['errors', 'runtime', 'fhir-client'],
  explain: ['errors', 'runtime', 'syntax', 'compile'],
  flash: ['errors', 'runtime', 'syntax', 'compile', 'functions', 'explain'],
  direct: ['errors', 'runtime', 'syntax', 'functions'],
  'static-checks': ['errors', 'runtime', 'syntax', 'compile', 'functions', 'flash'],
  engine: [
    'errors',
    'runtime',
    'syntax',
    'compile',
    'functions',
    'explain',
    'flash',
    'direct',
    'static-checks',
  ],
};
const SURFACE = '.';

/** Relative imports: `import … from`, `export … from`, `import type`, side-effect and dynamic imports. */
const IMPORT = /\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every non-test `.ts` file under `root` (relative, `/`-separated) with the files it imports. */
function importGraph(root: string): Map<string, string[]> {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.split(sep).join('/'));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const targets = new Set<string>();
    for (const m of text.matchAll(IMPORT)) {
      const target = resolve(root, dirname(file), m[1]!.replace(/\.js$/, '.ts'));
      if (!existsSync(target)) throw new Error(`${file} imports ${m[1]}, which is not a file of ${root}`);
      targets.add(relative(root, target).split(sep).join('/'));
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** One import cycle (its files, the first repeated at the end), or undefined when the graph is acyclic. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string): string[] | undefined => {
    if (onPath.has(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file)) return undefined;
    path.push(file);
    onPath.add(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
    return undefined;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return undefined;
}

const folderOf = (file: string): string => (file.includes('/') ? file.slice(0, file.indexOf('/')) : SURFACE);

/** Imports that go against the stage order: `from → to` for each. */
function upwardImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (from === SURFACE) continue;
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== from && !MAY_IMPORT[from]?.includes(to)) out.push(`${file} → ${target}`);
    }
  }
  return out;
}

describe('imports under shared/engine/src', () => {
  const graph = importGraph(SRC);

  it('form no cycle', () => {
    expect(findCycle(graph)).toBeUndefined();
  });

  it('run one way: every folder has a stage and imports only the stages below it', () => {
    const folders = new Set([...graph.keys()].map(folderOf));
    folders.delete(SURFACE);
    expect([...folders].filter((f) => !Object.hasOwn(MAY_IMPORT, f))).toEqual([]);
    expect(upwardImports(graph)).toEqual([]);
  });

  it('are all seen: the public surface reaches every stage', () => {
    const reached = new Set<string>();
    const walk = (file: string): void => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const next of graph.get(file) ?? []) walk(next);
    };
    walk('index.ts');
    const folders = new Set([...graph.keys()].map(folderOf));
    expect(new Set([...reached].map(folderOf))).toEqual(folders);
  });
});

describe('the import checks themselves', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mapx-import-layers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string): void => writeFileSync(join(dir, file), text);

  it('find a cycle through type-only and multi-line imports', () => {
    write('a.ts', "import {\n  b,\n} from './b.js';\nexport const a = b;\n");
    write('b.ts', "import type { C } from './c.js';\nexport const b = 1 as unknown as C;\n");
    write('c.ts', "export type { A } from './a.js';\nexport type C = number;\n");
    write('d.ts', "import { a } from './a.js';\nexport const d = a;\n");
    const cycle = findCycle(importGraph(dir));
    expect(cycle).toHaveLength(4);
    expect(new Set(cycle)).toEqual(new Set(['a.ts', 'b.ts', 'c.ts']));
    expect(cycle![0]).toBe(cycle![3]);
  });

  it('name an import that goes up a stage', () => {
    const graph = new Map([
      ['syntax/parser.ts', ['flash/render.ts', 'errors/catalogue.ts']],
      ['flash/render.ts', ['syntax/ast.ts']],
    ]);
    expect(upwardImports(graph)).toEqual(['syntax/parser.ts → flash/render.ts']);
  });
});
