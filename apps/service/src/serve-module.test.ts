import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { bundleIsCurrent } from './serve-module.js';

/** A dist folder with a bundle made of two inputs, one of them in a sibling package. */
function layout(): { dist: string; files: string[]; manifest: URL } {
  const root = mkdtempSync(join(tmpdir(), 'mapx-bundle-'));
  const dist = join(root, 'service', 'dist');
  mkdirSync(dist, { recursive: true });
  mkdirSync(join(root, 'engine'));
  const files = [join(dist, 'serve.bundle.js'), join(dist, 'serve.js'), join(root, 'engine', 'index.js')];
  for (const f of files) writeFileSync(f, `// ${f}\n`);
  const entries = files.map((f) => {
    const s = statSync(f);
    return [f.startsWith(dist) ? f.slice(dist.length + 1) : '../../engine/index.js', s.mtimeMs, s.size];
  });
  writeFileSync(join(dist, 'serve.bundle.json'), JSON.stringify({ files: entries }));
  return { dist, files, manifest: pathToFileURL(join(dist, 'serve.bundle.json')) };
}

describe('bundleIsCurrent', () => {
  let l: ReturnType<typeof layout>;
  beforeEach(() => {
    l = layout();
  });

  it('is true while every listed file has its recorded mtime and size', () => {
    expect(bundleIsCurrent(l.manifest)).toBe(true);
  });

  it('is false once an input was written again (a `tsc -b` since the bundle)', () => {
    const later = new Date(statSync(l.files[2]!).mtimeMs + 5_000);
    utimesSync(l.files[2]!, later, later);
    expect(bundleIsCurrent(l.manifest)).toBe(false);
  });

  it('is false when an input changed size under the same mtime', () => {
    const { mtime } = statSync(l.files[1]!);
    writeFileSync(l.files[1]!, '// longer than before\n');
    utimesSync(l.files[1]!, mtime, mtime);
    expect(bundleIsCurrent(l.manifest)).toBe(false);
  });

  it('is false when an input is gone', () => {
    rmSync(l.files[2]!);
    expect(bundleIsCurrent(l.manifest)).toBe(false);
  });

  it('is false without a manifest, with an unreadable one, or with an empty one', () => {
    expect(bundleIsCurrent(new URL('missing.json', l.manifest))).toBe(false);
    writeFileSync(join(l.dist, 'serve.bundle.json'), '{"files":');
    expect(bundleIsCurrent(l.manifest)).toBe(false);
    writeFileSync(join(l.dist, 'serve.bundle.json'), '{"files":[]}');
    expect(bundleIsCurrent(l.manifest)).toBe(false);
  });
});
