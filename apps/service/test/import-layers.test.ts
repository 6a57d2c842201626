import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');

/** Relative imports: `import … from`, `export … from`, `import type`, side-effect and dynamic imports. */
const IMPORT = /\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every non-test `.ts` file of the service (relative, `/`-separated) with the files it imports. */
function importGraph(): Map<string, string[]> {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.split(sep).join('/'));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const m of readFileSync(join(SRC, file), 'utf8').matchAll(IMPORT)) {
      const target = resolve(SRC, dirname(file), m[1]!.replace(/\.js$/, '.ts'));
      if (!existsSync(target)) throw new Error(`${file} imports ${m[1]}, which is not a source file`);
      targets.add(relative(SRC, target).split(sep).join('/'));
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** One cycle of the graph (the first node repeated at the end), or undefined. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    const at = path.indexOf(node);
    if (at >= 0) return [...path.slice(at), node];
    if (done.has(node)) return undefined;
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(node);
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

/** The folders of `src/` (and its top-level files, each on its own) and which of them each imports. */
function folderGraph(files: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const room = (file: string) => file.split('/')[0] as string;
  const graph = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = graph.get(room(file)) ?? new Set<string>();
    for (const target of targets) if (room(target) !== room(file)) from.add(room(target));
    graph.set(room(file), from);
  }
  return new Map([...graph].map(([k, v]) => [k, [...v]]));
}

describe('apps/service import layers (docs/architecture.md, "Layers of apps/service/src")', () => {
  const files = importGraph();

  it('no file imports a file that imports it back (type imports included)', () => {
    expect(files.size).toBeGreaterThan(100);
    expect(findCycle(files)).toBeUndefined();
  });

  it('the folders stand in one order: none imports a folder that imports it back', () => {
    const folders = folderGraph(files);
    expect(folders.get('evaluation')).toContain('eval');
    expect(findCycle(folders)).toBeUndefined();
  });
});
