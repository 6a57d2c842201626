import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdp, type TestIdp } from '../../../../plugins/auth/test/support/test-idp.js';
import { ADMIN_ROLE, startAuthService } from '../../test/support/auth-service.js';
import { buildService } from '../../test/support/built-service.js';
import { createSystemBrowser } from '../../test/support/system-browser.js';
import { loadLoginPlan } from '../common/oauth/login-plan.js';
import type { EmbeddedService } from './embedded-service.js';
import { createDesktopAuth } from './desktop-auth.js';
import { createRefreshTokenStore, type Encryptor } from './refresh-token-store.js';

const GROUPS = { alice: [ADMIN_ROLE], bob: ['staff'] };
let idp: TestIdp;

/** Stands in for Electron's safeStorage (an OS keychain): AES-GCM with a key held in memory. */
function memoryEncryptor(): Encryptor {
  const key = randomBytes(32);
  return {
    isEncryptionAvailable: () => true,
    encryptString(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString(data) {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

beforeAll(async () => {
  buildService();
  idp = await startTestIdp(GROUPS, { nativeRedirectUris: ['http://127.0.0.1/callback'] });
});
afterAll(() => idp.close());

const runAdHoc = (service: EmbeddedService, token: string | undefined) =>
  fetch(service.baseUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ mapx: '$uppercase(name)', input: { name: 'ada' } }),
  });

const putMapping = (service: EmbeddedService, token: string | undefined) =>
  fetch(new URL('Mapping/greeting', service.baseUrl), {
    method: 'PUT',
    headers: { 'content-type': 'text/plain', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: '"hi " & name',
  });

describe.each(['pkce', 'mediator'] as const)('desktop login, %s flow, against the real service', (flow) => {
  let service: EmbeddedService & { folder: string };
  let clock = Date.now();
  const now = () => clock;
  const encryptor = memoryEncryptor();
  let storeFile: string;
  const login = async (user: string, extra: Partial<Parameters<typeof createDesktopAuth>[0]> = {}) => {
    const browser = createSystemBrowser(user);
    const auth = createDesktopAuth({
      serviceBaseUrl: service.baseUrl,
      openExternal: browser.open,
      now,
      store: createRefreshTokenStore(storeFile, encryptor),
      ...extra,
    });
    return { auth, browser, state: await auth.login() };
  };

  beforeAll(async () => {
    service = await startAuthService(idp.issuer, flow);
    storeFile = join(service.folder, 'tokens.json');
  });
  afterAll(async () => {
    expect((await service.stop()).code).toBe(0);
    await rm(service.folder, { recursive: true, force: true });
  });

  it('picks the flow the metadata announces', async () => {
    const plan = await loadLoginPlan({ serviceBaseUrl: service.baseUrl });
    expect(plan.ok && plan.value.flow).toBe(flow);
    expect(plan.ok && plan.value.provider.issuer).toBe(idp.issuer);
  });

  it('refuses the unauthenticated call with a Bearer challenge naming the metadata', async () => {
    const response = await runAdHoc(service, undefined);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain(
      `resource_metadata="${service.baseUrl}.well-known/oauth-protected-resource"`,
    );
  });

  it('logs in through the system browser with a loopback redirect and PKCE, then calls the service', async () => {
    const { auth, browser, state } = await login('alice');
    expect(state).toEqual({ status: 'signed-in' });
    const authorize = new URL(browser.visited[0]!);
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(authorize.searchParams.get('client_id')).toBe(flow === 'pkce' ? 'mapx-designer' : 'mapx-service');
    expect(authorize.searchParams.has('client_secret')).toBe(false);
    const token = await auth.getAccessToken();
    expect(await (await runAdHoc(service, token)).json()).toBe('ADA');
    expect([200, 201]).toContain((await putMapping(service, token)).status);
  });

  it('renews the access token before it expires, and the new one is accepted', async () => {
    const { auth } = await login('alice');
    const first = await auth.getAccessToken();
    expect(await auth.getAccessToken()).toBe(first);
    clock += 290_000; // the test provider's tokens live 300 s; renewal starts 30 s before expiry
    const second = await auth.getAccessToken();
    expect(second).toBeTypeOf('string');
    expect(second).not.toBe(first);
    expect((await runAdHoc(service, second)).status).toBe(200);
  });

  it('keeps the refresh token only encrypted on disk, restores the session with it, forgets it on logout', async () => {
    const { auth } = await login('alice');
    const onDisk = await readFile(storeFile, 'utf8');
    const restored = createDesktopAuth({
      serviceBaseUrl: service.baseUrl,
      openExternal: () => Promise.reject(new Error('no browser expected')),
      store: createRefreshTokenStore(storeFile, encryptor),
    });
    expect((await restored.restore()).status).toBe('signed-in');
    expect((await runAdHoc(service, await restored.getAccessToken())).status).toBe(200);
    const stored = JSON.parse(onDisk) as Record<string, string>;
    const encrypted = stored[service.baseUrl]!;
    expect(encrypted).toBeTypeOf('string');
    expect(onDisk).not.toContain(encryptor.decryptString(Buffer.from(encrypted, 'base64')));
    const changes: string[] = [];
    auth.onChange((s) => changes.push(s.status));
    expect(await auth.logout()).toEqual({ status: 'signed-out' });
    expect(changes).toEqual(['signed-out']);
    expect(await auth.getAccessToken()).toBeUndefined();
    await expect(readFile(storeFile, 'utf8')).rejects.toThrow();
  });

  it('gives a signed-in user without the role a 403 (not a login loop)', async () => {
    const { auth } = await login('bob');
    const response = await putMapping(service, await auth.getAccessToken());
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });

  it('rejects an answer whose state is not the one sent, and a denied login', async () => {
    const forged = createDesktopAuth({
      serviceBaseUrl: service.baseUrl,
      openExternal: async (url) => {
        const redirect = new URL(new URL(url).searchParams.get('redirect_uri')!);
        redirect.search = new URLSearchParams({ code: 'stolen', state: 'other' }).toString();
        await fetch(redirect);
      },
    });
    expect((await forged.login()).error?.code).toBe('DESIGNER_AUTH_STATE_MISMATCH');
    const denied = createDesktopAuth({
      serviceBaseUrl: service.baseUrl,
      openExternal: async (url) => {
        const params = new URL(url).searchParams;
        const redirect = new URL(params.get('redirect_uri')!);
        redirect.search = new URLSearchParams({
          error: 'access_denied',
          state: params.get('state')!,
        }).toString();
        await fetch(redirect);
      },
    });
    const state = await denied.login();
    expect(state.status).toBe('signed-out');
    expect(state.error).toEqual({
      code: 'DESIGNER_AUTH_DENIED',
      message: expect.stringContaining('access_denied'),
    });
  });
});
