import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAuthConfig } from '../src/config/load-auth-config.js';
import { authYaml } from './support/auth-yaml.js';

const ENV = { MAPX_CLIENT_SECRET: 's3cr3t-value' };
const tempDir = () => mkdtempSync(join(tmpdir(), 'mapx-auth-'));
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('locating auth.yaml', () => {
  it('is no-auth when AUTH_CONFIG_PATH is unset and ./auth.yaml is absent', () => {
    expect(loadAuthConfig(undefined, tempDir(), ENV)).toEqual({ ok: true, config: null });
  });

  it('uses ./auth.yaml from the working directory when AUTH_CONFIG_PATH is unset', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'auth.yaml'), authYaml('http://idp.test/realms/r'));
    const res = loadAuthConfig(undefined, dir, ENV);
    expect(res.ok && res.config?.keycloak.issuer).toBe('http://idp.test/realms/r');
  });

  it('uses the file AUTH_CONFIG_PATH names (relative to the working directory)', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'conf'));
    writeFileSync(join(dir, 'conf', 'a.yaml'), authYaml('http://idp.test/x'));
    const res = loadAuthConfig('conf/a.yaml', dir, ENV);
    expect(res.ok && res.config?.keycloak.issuer).toBe('http://idp.test/x');
    expect(res.ok && 'origin' in res && res.origin).toBe(join(dir, 'conf', 'a.yaml'));
  });

  it('decodes AUTH_CONFIG_PATH as inline base64 when it names no file', () => {
    const res = loadAuthConfig(b64(authYaml('http://idp.test/inline')), tempDir(), ENV);
    expect(res.ok && res.config?.keycloak.issuer).toBe('http://idp.test/inline');
  });

  it('fails when both an explicit file and a default ./auth.yaml exist', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'auth.yaml'), authYaml('http://idp.test/a'));
    writeFileSync(join(dir, 'other.yaml'), authYaml('http://idp.test/b'));
    const res = loadAuthConfig('other.yaml', dir, ENV);
    expect(res.ok).toBe(false);
    expect(!res.ok && res.code).toBe('AUTH_CONFIG_LOCATION');
    expect(!res.ok && res.message).toContain('also exists');
  });

  it('accepts AUTH_CONFIG_PATH naming the default file itself', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'auth.yaml'), authYaml('http://idp.test/a'));
    expect(loadAuthConfig('./auth.yaml', dir, ENV).ok).toBe(true);
  });

  it('fails when the value is neither a file nor valid base64', () => {
    const res = loadAuthConfig('/etc/mapx/missing-auth.yaml', tempDir(), ENV);
    expect(res).toMatchObject({ ok: false, code: 'AUTH_CONFIG_LOCATION' });
    expect(!res.ok && res.message).toContain('neither an existing file');
  });

  it('fails on a directory', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'conf'));
    expect(loadAuthConfig('conf', dir, ENV)).toMatchObject({ ok: false, code: 'AUTH_CONFIG_LOCATION' });
  });

  it('reports YAML syntax errors with a position and no content', () => {
    const res = loadAuthConfig(b64('version: 1\nkeycloak: [secret-here\n'), tempDir(), ENV);
    expect(res).toMatchObject({ ok: false, code: 'AUTH_CONFIG_UNREADABLE' });
    expect(!res.ok && res.message).toMatch(/line \d+/);
    expect(!res.ok && res.message).not.toContain('secret-here');
  });
});

describe('variable substitution', () => {
  const load = (yaml: string, env: Record<string, string>) => loadAuthConfig(b64(yaml), tempDir(), env);

  it('replaces ${VAR}, applies ${VAR:-default} and keeps \\${...} literal', () => {
    const extra = '';
    const yaml = authYaml('${ISSUER:-http://idp.test/default}', extra).replace(
      'name: mapx test',
      'name: "\\\\${NOT_A_VAR} ${NAME}"',
    );
    const res = load(yaml, { ...ENV, NAME: 'Mapx' });
    expect(res.ok).toBe(true);
    if (!res.ok || res.config === null) return;
    expect(res.config.keycloak.issuer).toBe('http://idp.test/default');
    expect(res.config.keycloak.client?.secret).toBe('s3cr3t-value');
    expect(res.config.resource.name).toBe('${NOT_A_VAR} Mapx');
  });

  it('fails naming the variable and the field when a reference has no value and no default', () => {
    const res = load(authYaml('${ISSUER}'), {});
    expect(res).toMatchObject({ ok: false, code: 'AUTH_CONFIG_VARIABLE' });
    expect(!res.ok && res.message).toContain('keycloak.issuer: ${ISSUER} has no value');
    expect(!res.ok && res.message).toContain('keycloak.client.secret: ${MAPX_CLIENT_SECRET} has no value');
  });

  it('substitutes numbers and booleans by their canonical spelling', () => {
    const yaml = authYaml('http://idp.test/r')
      .replace('audience: mapx-api', 'clockToleranceSeconds: ${SKEW:-30}')
      .replace('enabled: true', 'enabled: ${MEDIATOR}');
    const res = load(yaml, { ...ENV, MEDIATOR: 'true' });
    expect(res.ok && res.config?.keycloak.clockToleranceSeconds).toBe(30);
    expect(res.ok && res.config?.tokenMediator?.enabled).toBe(true);
  });
});

describe('schema', () => {
  const load = (yaml: string) => loadAuthConfig(b64(yaml), tempDir(), ENV);

  it('applies the spec defaults', () => {
    const res = load(authYaml('http://idp.test/r'));
    expect(res.ok && res.config?.keycloak).toMatchObject({
      clockToleranceSeconds: 5,
      jwksCacheMaxAgeMs: 600000,
      discoveryTtlSeconds: 3600,
      discoveryCooldownSeconds: 5,
    });
  });

  it('reports every violation at once, each with its YAML path, and never a secret value', () => {
    const yaml = `version: 2
keycloak:
  issuer: not-a-url
  clockToleranceSeconds: 61
  jwksCacheMaxAgeMs: 0
  discoveryCooldownSeconds: -1
  client: { id: x, secret: super-secret-literal }
jwt: { valueSource: { type: groups } }
tokenMediator: { enabled: true, corsAllowedOrigins: [http://ok.test/path] }
resource: { url: http://mapx.test }
policy:
  defaultRule: { access: authenticated, roles: [a] }
  routes:
    - path: Mapping
      methods: { GET: { access: public } }
    - path: /a/*
      methods: { GET: { roles: [] } }
    - path: /Mapping/:id
      methods: {}
    - path: /mapping/:other
      methods: { get: { access: public } }
    - path: /x
      methods: { POST: { access: everyone } }
`;
    const res = load(yaml);
    expect(res).toMatchObject({ ok: false, code: 'AUTH_CONFIG_INVALID' });
    const message = res.ok ? '' : res.message;
    const paths = message
      .split('\n')
      .slice(1)
      .map((l) => l.trim().split(':')[0]);
    expect(paths).toEqual(
      expect.arrayContaining([
        'version',
        'keycloak.issuer',
        'keycloak.clockToleranceSeconds',
        'keycloak.jwksCacheMaxAgeMs',
        'keycloak.discoveryCooldownSeconds',
        'jwt.valueSource.type',
        'tokenMediator.corsAllowedOrigins[0]',
        'resource.name',
        'policy.defaultRule',
        'policy.routes[0].path',
        'policy.routes[1].path',
        'policy.routes[1].methods.GET.roles',
        'policy.routes[2].methods',
        'policy.routes[3].methods',
        'policy.routes[3].path',
        'policy.routes[4].methods.POST.access',
      ]),
    );
    expect(message).toContain('policy.routes[3].path: duplicates policy.routes[2].path');
    expect(message).not.toContain('super-secret-literal');
  });

  it('requires keycloak.client when the mediator is enabled and designerClient when it is not', () => {
    const noClient = authYaml('http://idp.test/r').replace(/ {2}client:\n.*\n.*\n/, '');
    expect(load(noClient).ok ? '' : (load(noClient) as { message: string }).message).toContain(
      'keycloak.client: required',
    );
    const noMediator = authYaml('http://idp.test/r')
      .replace('enabled: true', 'enabled: false')
      .replace(/designerClient:\n.*\n/, '');
    const res = load(noMediator);
    expect(res.ok ? '' : res.message).toContain(
      'designerClient: required when the token mediator is not enabled',
    );
  });

  it('accepts an audience list and route paths with a trailing slash', () => {
    const yaml = authYaml('http://idp.test/r')
      .replace('audience: mapx-api', 'audience: [a, b]')
      .replace('- path: /\n', '- path: /x/\n');
    const res = load(yaml);
    expect(res.ok && res.config?.keycloak.audience).toEqual(['a', 'b']);
  });
});
