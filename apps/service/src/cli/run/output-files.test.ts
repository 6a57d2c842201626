import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutputFiles } from './output-files.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mapx-output-files-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('OutputFiles', () => {
  it('writes text and bytes in the order appended, more parts than one writev takes', () => {
    const files = new OutputFiles();
    const path = join(dir, 'out', 'Patient.ndjson');
    const lines: string[] = [];
    for (let i = 0; i < 3000; i++) {
      // ASCII, two-byte and astral characters, as text and as bytes, and empty parts between them
      const line = `{"i":${i},"name":"${i % 3 === 0 ? 'Zoë' : i % 3 === 1 ? 'Ωmega' : '𝄞 clef'}"}\n`;
      lines.push(line);
      files.append(path, i % 2 ? line : utf8(line));
      if (i % 500 === 0) files.append(path, '');
    }
    const sizes = files.flush();
    files.close();
    const written = readFileSync(path, 'utf8');
    expect(written).toBe(lines.join(''));
    expect(sizes[path]).toBe(Buffer.byteLength(written));
    expect(statSync(path).size).toBe(sizes[path]);
  });

  it('writes a file once its pending text is large, before the checkpoint; the sizes are taken at flush', () => {
    const files = new OutputFiles();
    const big = join(dir, 'big.ndjson');
    const small = join(dir, 'small.ndjson');
    const line = `${'x'.repeat(999)}\n`;
    for (let i = 0; i < 200; i++) files.append(big, line);
    files.append(small, 'one line\n');
    // 200 kB pending is past what a file holds back; one line is not
    expect(statSync(big).size).toBeGreaterThan(0);
    expect(statSync(small).size).toBe(0);
    const sizes = files.flush();
    expect(sizes).toEqual({ [big]: 200_000, [small]: 9 });
    expect(statSync(small).size).toBe(9);
    files.close();
  });

  it('a resumed run cuts each file back to its checkpointed size, whatever was written after it', () => {
    const path = join(dir, 'Encounter.ndjson');
    writeFileSync(path, 'kept\nwritten after the checkpoint\n');
    const files = new OutputFiles(new Map([[path, 5]]));
    files.append(path, 'next\n');
    expect(files.flush()).toEqual({ [path]: 10 });
    files.close();
    expect(readFileSync(path, 'utf8')).toBe('kept\nnext\n');
  });

  it('reports a file named only at resume with its checkpointed size', () => {
    const other = join(dir, 'Condition.ndjson');
    const files = new OutputFiles(new Map([[other, 42]]));
    expect(files.flush()).toEqual({ [other]: 42 });
    files.close();
  });
});
