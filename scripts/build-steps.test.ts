import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileState, runSteps, treeState } from './build-steps.mjs';

/** A real step over a temp folder: concatenates src/*.txt into out/all.txt. */
function concatStep(root: string, fail = { now: false }) {
  return {
    name: 'concat',
    inputs: () => [treeState(root, 'src')],
    outputs: () => [fileState(root, 'out/all.txt')],
    run: () => {
      if (fail.now) throw new Error('step failed');
      const parts = treeState(root, 'src').map(([path]) => readFileSync(join(root, path), 'utf8'));
      writeFileSync(join(root, 'out/all.txt'), parts.join(''));
    },
  };
}

describe('build steps skipped when nothing changed', () => {
  let root: string;
  let stampsFile: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'mapx-build-steps-'));
    stampsFile = join(root, 'cache/stamps.json');
    await mkdir(join(root, 'src'));
    await mkdir(join(root, 'out'));
    await writeFile(join(root, 'src/a.txt'), 'a');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('runs a step the first time (no stamp, as in a fresh clone), then skips it while nothing changed', () => {
    const step = concatStep(root);
    expect(runSteps([step], { onlyChanged: true, stampsFile })).toEqual(['concat']);
    expect(runSteps([step], { onlyChanged: true, stampsFile })).toEqual([]);
    expect(runSteps([step], { onlyChanged: false, stampsFile })).toEqual(['concat']);
  });

  it('runs it again when an input is edited, added or removed', async () => {
    const step = concatStep(root);
    runSteps([step], { onlyChanged: true, stampsFile });
    const later = new Date(Date.now() + 5000);
    await writeFile(join(root, 'src/a.txt'), 'A');
    await utimes(join(root, 'src/a.txt'), later, later);
    expect(runSteps([step], { onlyChanged: true, stampsFile })).toEqual(['concat']);
    expect(await readFile(join(root, 'out/all.txt'), 'utf8')).toBe('A');
    await writeFile(join(root, 'src/b.txt'), 'b');
    expect(runSteps([step], { onlyChanged: true, stampsFile })).toEqual(['concat']);
    await rm(join(root, 'src/b.txt'));
    expect(runSteps([step], { onlyChanged: true, stampsFile })).toEqual(['concat']);
    expect(await readFile(join(root, 'out/all.txt'), 'utf8')).toBe('A');
  });

  it('runs it again when its output was removed or changed by something else', async () => {
    const step = concatStep(root);
    runSteps([step], { onlyChanged: true, stampsFile });
    await rm(join(root, 'out/all.txt'));
    expect(runSteps([step], { onlyChanged: true, stampsFile })).toEqual(['concat']);
    await writeFile(join(root, 'out/all.txt'), 'tampered');
    expect(runSteps([step], { onlyChanged: true, stampsFile })).toEqual(['concat']);
    expect(await readFile(join(root, 'out/all.txt'), 'utf8')).toBe('a');
  });

  it('leaves no stamp for a step that failed, so the next start retries it', () => {
    const fail = { now: false };
    const step = concatStep(root, fail);
    runSteps([step], { onlyChanged: true, stampsFile });
    fail.now = true;
    expect(() => runSteps([step], { onlyChanged: false, stampsFile })).toThrow('step failed');
    fail.now = false;
    expect(runSteps([step], { onlyChanged: true, stampsFile })).toEqual(['concat']);
  });

  it('skips a later step when the earlier one rewrote nothing it reads', () => {
    const first = concatStep(root);
    const second = {
      name: 'copy',
      inputs: () => [fileState(root, 'out/all.txt')],
      outputs: () => [fileState(root, 'out/copy.txt')],
      run: () => writeFileSync(join(root, 'out/copy.txt'), readFileSync(join(root, 'out/all.txt'))),
    };
    expect(runSteps([first, second], { onlyChanged: true, stampsFile })).toEqual(['concat', 'copy']);
    expect(runSteps([first, second], { onlyChanged: true, stampsFile })).toEqual([]);
  });
});
