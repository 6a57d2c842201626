import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DeadLetterFolder, DeadLetterFullError, type DeadLetter } from './dead-letter.js';

const letter = (controlId: string, size: number): DeadLetter => ({
  receivedAt: '2026-01-01T00:00:00.000Z',
  mappingId: 'm',
  controlId,
  message: Buffer.alloc(size, 0x41),
  result: { resourceType: 'Basic' },
  error: { code: 'MLLP_DELIVERY_FAILED', message: 'refused' },
});

describe('DeadLetterFolder', () => {
  it('stops at MLLP_DEAD_LETTER_MAX_BYTES, counting what the folder already held, and writes nothing past it', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'mapx-dead-')), 'letters');
    const first = await new DeadLetterFolder(dir, { maxBytes: 3000, maxFiles: 100 }).write(letter('A', 1000));
    expect(first.file).toContain(first.ref);
    // a new folder object (a restart) counts the letter already there
    const folder = new DeadLetterFolder(dir, { maxBytes: 3000, maxFiles: 100 });
    await folder.write(letter('B', 500));
    await expect(folder.write(letter('C', 1000))).rejects.toBeInstanceOf(DeadLetterFullError);
    const names = readdirSync(dir);
    expect(names).toHaveLength(2);
    expect(names.some((n) => n.endsWith('.tmp'))).toBe(false);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const name of names) expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);
  });

  it('counts the folder again while full, so letters removed by an operator make room', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'mapx-dead-')), 'letters');
    const folder = new DeadLetterFolder(dir, { maxBytes: Infinity, maxFiles: 1 });
    await folder.write(letter('A', 10));
    await expect(folder.write(letter('B', 10))).rejects.toBeInstanceOf(DeadLetterFullError);
    for (const name of readdirSync(dir)) rmSync(join(dir, name));
    // the recount waits a few seconds after the last one: a fresh object recounts at once
    const restarted = new DeadLetterFolder(dir, { maxBytes: Infinity, maxFiles: 1 });
    await expect(restarted.write(letter('B', 10))).resolves.toMatchObject({
      ref: expect.stringMatching(/^[0-9a-f]{8}$/),
    });
  });
});
