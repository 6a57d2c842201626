import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function hasNginx(): boolean {
  try {
    execFileSync('nginx', ['-v'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/** A port free on loopback right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export interface Nginx {
  readonly baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Debian's nginx in the foreground as a round-robin balancer over `upstreamPorts` on loopback. A refused or reset
 * connection or a 503 goes to the next replica, a POST too (`non_idempotent`: a mapx POST evaluates and changes
 * nothing, so running it again elsewhere is safe; without it a request sent into a closing listener's backlog gets
 * 502); nothing is marked down (`max_fails=0`), so a replica is used again the moment it listens.
 */
export async function startNginx(upstreamPorts: readonly number[]): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'mapx-nginx-'));
  const port = await freePort();
  const servers = upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
user root;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream mapx {
${servers}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://mapx;
      proxy_next_upstream error timeout http_503 non_idempotent;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const errors: string[] = [];
  child.stderr?.on('data', (c: Buffer) => errors.push(c.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors.join('')}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = createConnection(port, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
