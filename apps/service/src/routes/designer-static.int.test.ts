import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGNER_CSP, designerStaticRoutes } from './designer-static.js';

let base: string;
let root: string;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'mapx-designer-static-'));
  root = join(base, 'renderer');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html><title>mapx designer</title>');
  await writeFile(join(root, 'assets', 'index-BryKQlVB.js'), 'console.log(1)');
  await writeFile(join(root, 'robots.txt'), 'User-agent: *');
  await writeFile(join(root, '.env'), 'SECRET=1');
  await writeFile(join(base, 'secret.txt'), 'outside the root');
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

// The service runs its router with ignoreTrailingSlash; the plugin must work either way.
describe.each([false, true])('designerStaticRoutes (ignoreTrailingSlash %s)', (ignoreTrailingSlash) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ routerOptions: { ignoreTrailingSlash } });
    await app.register(designerStaticRoutes, { rootDir: root });
    await app.ready();
  });
  afterAll(() => app.close());

  it('redirects /designer to /designer/', async () => {
    const res = await app.inject({ url: '/designer' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('designer/');
  });

  it('serves index.html with the CSP and no-cache', async () => {
    const res = await app.inject({ url: '/designer/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('mapx designer');
    expect(res.headers['content-security-policy']).toBe(DESIGNER_CSP);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('marks hashed assets immutable and other files no-cache', async () => {
    const asset = await app.inject({ url: '/designer/assets/index-BryKQlVB.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await app.inject({ url: '/designer/robots.txt' });
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 JSON for missing files and dotfiles', async () => {
    for (const url of ['/designer/assets/missing.js', '/designer/.env']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('never serves files outside the root', async () => {
    for (const url of [
      '/designer/../secret.txt',
      '/designer/%2e%2e/secret.txt',
      '/designer/assets/..%2f..%2fsecret.txt',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toContain('outside the root');
    }
  });
});
