import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildService, REPO_ROOT, SERVICE_ENTRY } from '../../test/support/built-service.js';
import { electronBinary } from '../../test/support/electron-binary.js';
import { describeWhen, skippedBecause } from '../../../../test-support/skip.js';

const binary = electronBinary();
const APP_DIR = resolve(import.meta.dirname, '../..');

// The one skip CI accepts: Electron's binary cannot be downloaded everywhere (see docs/designer.md).
if (binary === undefined) {
  skippedBecause(
    'Electron shell',
    'no Electron binary on this machine (run `npm run electron:fetch -w @mapx/designer` where it can be downloaded)',
    true,
  );
}
describeWhen(binary !== undefined)('Electron shell', () => {
  let app: ElectronApplication;
  let page: Page;
  let home: string;

  beforeAll(async () => {
    buildService();
    if (!existsSync(join(APP_DIR, 'dist/main/index.js'))) {
      execFileSync('npm', ['run', 'build', '-w', '@mapx/designer'], { cwd: REPO_ROOT, stdio: 'inherit' });
    }
    home = await mkdtemp(join(tmpdir(), 'mapx-electron-home-'));
    app = await _electron.launch({
      executablePath: binary!,
      args: [APP_DIR, '--no-sandbox', `--user-data-dir=${join(home, 'user-data')}`],
      env: {
        ...process.env,
        HOME: home,
        MAPX_DESIGNER_SERVICE_ENTRY: SERVICE_ENTRY,
        ELECTRON_ENABLE_LOGGING: '1',
      },
    });
    page = await app.firstWindow();
  });
  afterAll(async () => {
    await app?.close();
    await rm(home, { recursive: true, force: true });
  });

  it('loads the renderer from app://designer, sandboxed and isolated, with a CSP', async () => {
    expect(page.url()).toBe('app://designer/index.html');
    const prefs = await app.evaluate(({ BrowserWindow }) => {
      const wc = BrowserWindow.getAllWindows()[0]!.webContents;
      return {
        sandboxed: wc.getLastWebPreferences()?.sandbox,
        isolated: wc.getLastWebPreferences()?.contextIsolation,
      };
    });
    expect(prefs).toEqual({ sandboxed: true, isolated: true });
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    const csp = await page.evaluate(async () =>
      (await fetch('app://designer/index.html')).headers.get('content-security-policy'),
    );
    expect(csp).toContain("script-src 'self'");
    expect(
      await page.evaluate(async () => (await fetch('app://designer/%2e%2e/package.json')).status),
    ).not.toBe(200);
  });

  it('exposes only the allow-listed bridge and refuses other channels', async () => {
    const keys = await page.evaluate(() =>
      Object.keys((globalThis as Record<string, object>)['__MAPX_DESIGNER_BRIDGE__']!),
    );
    expect(keys.sort()).toEqual(['invoke', 'on']);
    const refused = await page.evaluate(() =>
      (
        globalThis as unknown as {
          __MAPX_DESIGNER_BRIDGE__: { invoke(c: string, r: unknown): Promise<unknown> };
        }
      ).__MAPX_DESIGNER_BRIDGE__
        .invoke('fs:read', '/etc/passwd')
        .then(
          () => 'allowed',
          (e: Error) => e.message,
        ),
    );
    expect(refused).toContain('IPC_UNKNOWN_CHANNEL');
  });

  it('embeds the service on 127.0.0.1 and denies new windows', async () => {
    const connection = () =>
      page.evaluate(() =>
        (
          globalThis as unknown as {
            __MAPX_DESIGNER_BRIDGE__: {
              invoke(c: string, r: null): Promise<{ status: string; serviceBaseUrl?: string }>;
            };
          }
        ).__MAPX_DESIGNER_BRIDGE__.invoke('connection:get', null),
      );
    await expect.poll(async () => (await connection()).status).toBe('running');
    expect((await connection()).serviceBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await page.evaluate(() => window.open('https://example.org/'));
    expect(app.windows()).toHaveLength(1);
  });
});
