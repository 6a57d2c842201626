import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create } from 'tar';
import { writeCachedPackage } from './write-package.js';

export interface RegistryPackage {
  readonly name: string;
  readonly version: string;
  readonly dependencies?: Record<string, string>;
  readonly resources?: readonly Record<string, unknown>[];
  /** what to do to the served tarball */
  readonly damage?: 'truncate' | 'wrong-integrity';
}

/** A real npm-style registry on 127.0.0.1 serving packages built from resources. */
export async function startRegistry(packages: readonly RegistryPackage[], token?: string) {
  const tarballs = new Map<string, Buffer>();
  const packuments = new Map<string, Record<string, unknown>>();
  const server: Server = createServer((req, res) => {
    if (token && req.headers.authorization !== `Bearer ${token}`) return void res.writeHead(401).end();
    const url = req.url ?? '';
    const body = url.startsWith('/-/') ? tarballs.get(url) : packuments.get(decodeURIComponent(url.slice(1)));
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, {
      'content-type': Buffer.isBuffer(body) ? 'application/octet-stream' : 'application/json',
    });
    res.end(Buffer.isBuffer(body) ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  for (const p of packages) {
    const tgz = await buildTarball(p);
    const integrity = `sha512-${createHash('sha512')
      .update(p.damage === 'wrong-integrity' ? Buffer.from('x') : tgz)
      .digest('base64')}`;
    const path = `/-/${p.name}-${p.version}.tgz`;
    tarballs.set(path, p.damage === 'truncate' ? tgz.subarray(0, Math.floor(tgz.length / 2)) : tgz);
    const doc = packuments.get(p.name) ?? { name: p.name, 'dist-tags': {}, versions: {} };
    (doc.versions as Record<string, unknown>)[p.version] = {
      name: p.name,
      version: p.version,
      dependencies: p.dependencies ?? {},
      dist: { tarball: `${base}${path}`, ...(p.damage === 'truncate' ? {} : { integrity }) },
    };
    (doc['dist-tags'] as Record<string, string>).latest = p.version;
    packuments.set(p.name, doc);
  }
  return { url: base, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function buildTarball(p: RegistryPackage): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'mapx-tgz-'));
  try {
    writeCachedPackage(
      dir,
      { name: p.name, version: p.version, dependencies: p.dependencies ?? {} },
      p.resources ?? [],
    );
    const file = join(dir, 'out.tgz');
    await create({ gzip: true, cwd: join(dir, `${p.name}#${p.version}`), file, portable: true }, ['package']);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A port on 127.0.0.1 that nothing listens on. */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const address = s.address();
  await new Promise<void>((r) => s.close(() => r()));
  return typeof address === 'object' && address ? address.port : 1;
}

/** A server that accepts connections and never answers. */
export async function startSilentServer() {
  const sockets = new Set<Socket>();
  const s = createServer(() => {});
  s.on('connection', (c) => sockets.add(c));
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const address = s.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => {
      for (const c of sockets) c.destroy();
      return new Promise<void>((r) => s.close(() => r()));
    },
  };
}
