import { describe, expect, it } from 'vitest';
import fhirServerStore from '@mapx/store-fhir-server';
import { validateOptions } from './support.js';

const fromEnv = (env: Record<string, string>): unknown => fhirServerStore.optionsFromEnv?.(env);

describe('fhir-server store options', () => {
  it('declares who it is', () => {
    expect(fhirServerStore.meta).toMatchObject({
      packageName: '@mapx/store-fhir-server',
      id: 'fhir-server',
      apiVersion: 1,
    });
  });

  it('maps the environment and applies the documented defaults', async () => {
    expect(await validateOptions(fromEnv({ FHIR_SERVER_BASE: ' http://h:8080/fhir/ ' }))).toEqual({
      ok: true,
      value: {
        baseUrl: 'http://h:8080/fhir',
        authType: 'NONE',
        username: '',
        password: '',
        timeoutMs: 30_000,
        pollingIntervalMs: 30_000,
        forcedResyncIntervalMs: 3_600_000,
        writeEnabled: true,
        pageSize: 100,
        conceptMaps: 'all',
      },
    });
  });

  it('parses every variable given as a string', async () => {
    const env = {
      FHIR_SERVER_BASE: 'https://fhir.example.org/r4',
      FHIR_SERVER_AUTH_TYPE: 'basic',
      FHIR_SERVER_UN: 'u',
      FHIR_SERVER_PW: 'p:w',
      FHIR_SERVER_TIMEOUT: '1500',
      MAPPINGS_SERVER_POLLING_INTERVAL_MS: '0',
      MAPPINGS_FORCED_RESYNC_INTERVAL_MS: '-5',
      MAPPINGS_WRITE_ENABLED: 'no',
    };
    const result = await validateOptions(fromEnv(env));
    expect(result.ok && result.value).toMatchObject({
      baseUrl: 'https://fhir.example.org/r4',
      authType: 'BASIC',
      username: 'u',
      password: 'p:w',
      timeoutMs: 1500,
      pollingIntervalMs: 0,
      forcedResyncIntervalMs: -5,
      writeEnabled: false,
    });
  });

  it.each([[''], ['n/a'], ['N/A ']])('treats FHIR_SERVER_BASE=%j as not configured', async (value) => {
    const result = await validateOptions(fromEnv({ FHIR_SERVER_BASE: value }));
    expect(result.ok && result.value.baseUrl).toBeUndefined();
    if (result.ok) {
      const ctx = { logger: console, env: {}, fhir: () => undefined };
      expect(await fhirServerStore.create(result.value, ctx)).toBeNull();
    }
  });

  it('means no auth for any auth type other than BASIC', async () => {
    const result = await validateOptions({ baseUrl: 'http://h', authType: 'OAUTH' });
    expect(result.ok && result.value.authType).toBe('NONE');
  });

  it.each([
    [{ baseUrl: 'not a url' }, 'baseUrl'],
    [{ baseUrl: 'ftp://h/fhir' }, 'baseUrl'],
    [{ baseUrl: 'http://user:secret@h/fhir' }, 'baseUrl'],
    [{ baseUrl: 'http://h', authType: 'BASIC', username: 'u' }, 'username'],
    [{ baseUrl: 'http://h', timeoutMs: '0' }, 'timeoutMs'],
    [{ baseUrl: 'http://h', pageSize: 0 }, 'pageSize'],
    [{ baseUrl: 'http://h', conceptMaps: 'some' }, 'conceptMaps'],
  ])('rejects %j', async (raw, field) => {
    const result = await validateOptions(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.paths).toContain(field);
  });

  it('never echoes a password given in the URL', async () => {
    const result = await validateOptions({ baseUrl: 'http://user:secret@h/fhir' });
    expect(JSON.stringify(result)).not.toContain('secret');
  });
});
