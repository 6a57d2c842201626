import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, warmedUp } from '../helpers/test-app.js';

/**
 * Mappings executed while they are replaced and recached: every response must be a complete answer of one
 * version of the mapping — never an error, never a mix.
 */
describe('consistency under concurrent execute + PUT + recache', () => {
  it('every response is 200 with the result of some complete version', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mapx-load-'));
    const version = (n: number) => `{"version": ${n}, "check": ${n} * 1000 + $.x}`;
    writeFileSync(join(folder, 'hot.mapx'), version(0));
    const t = await createTestApp({
      MAPPINGS_FOLDER: folder,
      MAPPINGS_FILE_POLLING_INTERVAL_MS: '5',
      LOG_LEVEL: 'warn',
    });
    await warmedUp(t.app);
    try {
      const writes = Array.from({ length: 40 }, (_, i) =>
        t.app.inject({
          method: 'PUT',
          url: '/Mapping/hot',
          payload: version(i + 1),
          headers: { 'content-type': 'text/plain' },
        }),
      );
      const recaches = Array.from({ length: 20 }, () => t.app.inject({ method: 'POST', url: '/$recache' }));
      const executions = Array.from({ length: 400 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/Mapping/hot',
          payload: JSON.stringify({ x: i % 7 }),
          headers: { 'content-type': 'application/json' },
        }),
      );
      const [w, r, e] = await Promise.all([
        Promise.all(writes),
        Promise.all(recaches),
        Promise.all(executions),
      ]);
      expect(w.every((res) => res.statusCode === 200 || res.statusCode === 201)).toBe(true);
      expect(r.every((res) => res.statusCode === 200)).toBe(true);
      e.forEach((res, i) => {
        expect(res.statusCode).toBe(200);
        const body = res.json() as { version: number; check: number };
        expect(body.version).toBeGreaterThanOrEqual(0);
        expect(body.version).toBeLessThanOrEqual(40);
        expect(body.check).toBe(body.version * 1000 + (i % 7));
      });
    } finally {
      await t.close();
    }
  });
});
