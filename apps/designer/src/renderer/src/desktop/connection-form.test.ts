import { describe, expect, it } from 'vitest';
import { IPC_REQUEST_VALIDATORS, type ConnectionState } from '../../../common/ipc/ipc-contract.js';
import {
  INITIAL_CONNECTION_FORM as INITIAL,
  connectionFormReducer as reduce,
  connectionRequest,
  type ConnectionForm,
} from './connection-form.js';

const EMBEDDED: ConnectionState = {
  mode: 'embed',
  mappingsFolder: '/home/ana/mappings',
  serviceBaseUrl: 'http://127.0.0.1:40111/',
  status: 'running',
  authEnabled: false,
};
const REMOTE: ConnectionState = {
  mode: 'connect',
  remoteUrl: 'https://mapx.example.org/',
  serviceBaseUrl: 'https://mapx.example.org/',
  status: 'connected',
  authEnabled: true,
};
const loaded = (state: ConnectionState) => reduce(INITIAL, { type: 'loaded', state });

describe('connectionFormReducer', () => {
  it('starts from the connection in use', () => {
    expect(loaded(EMBEDDED)).toMatchObject({ phase: 'editing', mode: 'embed', folder: '/home/ana/mappings' });
    expect(loaded(REMOTE)).toMatchObject({
      mode: 'connect',
      url: 'https://mapx.example.org/',
      authEnabled: true,
    });
  });

  it('keeps edits of the other mode when switching back and forth', () => {
    let form = loaded(EMBEDDED);
    form = reduce(form, { type: 'mode', mode: 'connect' });
    form = reduce(form, { type: 'url', url: 'https://other.example.org' });
    form = reduce(form, { type: 'mode', mode: 'embed' });
    expect(form).toMatchObject({
      mode: 'embed',
      folder: '/home/ana/mappings',
      url: 'https://other.example.org',
    });
  });

  it('stays applying while the embedded service starts, then takes the running state', () => {
    let form = reduce(loaded(EMBEDDED), { type: 'folder', folder: '/srv/maps' });
    form = reduce(form, { type: 'apply' });
    const starting: ConnectionState = {
      mode: 'embed',
      mappingsFolder: '/srv/maps',
      status: 'starting',
      authEnabled: false,
    };
    form = reduce(form, { type: 'changed', state: starting });
    expect(form.phase).toBe('applying');
    form = reduce(form, { type: 'changed', state: { ...starting, status: 'running' } });
    expect(form).toMatchObject({ phase: 'editing', folder: '/srv/maps', current: { status: 'running' } });
  });

  it('reports a failed start as an error and lets the author try again', () => {
    let form = reduce(loaded(EMBEDDED), { type: 'apply' });
    form = reduce(form, {
      type: 'changed',
      state: { ...EMBEDDED, status: 'failed', message: 'the embedded service stopped (exit code 1)' },
    });
    expect(form).toMatchObject({ phase: 'editing', error: 'the embedded service stopped (exit code 1)' });
    expect(reduce(form, { type: 'folder', folder: '/srv/other' }).error).toBeUndefined();
  });

  it('follows changes made elsewhere without touching the fields being edited', () => {
    const form = reduce(reduce(loaded(EMBEDDED), { type: 'folder', folder: '/draft' }), {
      type: 'changed',
      state: { ...EMBEDDED, status: 'failed', message: 'stopped' },
    });
    expect(form).toMatchObject({ folder: '/draft', current: { status: 'failed' } });
    expect(form.error).toBeUndefined();
  });
});

describe('connectionRequest', () => {
  const form = (patch: Partial<ConnectionForm>): ConnectionForm => ({ ...loaded(EMBEDDED), ...patch });

  it('builds an embed request with the chosen folder', () => {
    expect(connectionRequest(form({ folder: '/srv/maps' }))).toEqual({
      ok: true,
      request: { mode: 'embed', mappingsFolder: '/srv/maps' },
    });
  });

  it('builds a connect request with the normalised URL and the sign-in switch', () => {
    expect(
      connectionRequest(form({ mode: 'connect', url: ' https://mapx.example.org/api ', authEnabled: true })),
    ).toEqual({
      ok: true,
      request: { mode: 'connect', url: 'https://mapx.example.org/api/', authEnabled: true },
    });
  });

  it('says what is missing instead of sending a request main would refuse', () => {
    expect(connectionRequest(form({ folder: ' ' }))).toEqual({
      ok: false,
      message: 'Choose the folder of your mappings.',
    });
    expect(connectionRequest(form({ mode: 'connect', url: 'mapx.example.org' }))).toMatchObject({
      ok: false,
    });
  });

  it('builds only requests that the main process accepts', () => {
    const forms = [
      form({ folder: '/srv/maps' }),
      form({ mode: 'connect', url: 'http://127.0.0.1:42420', authEnabled: false }),
      form({ mode: 'connect', url: 'https://mapx.example.org/base', authEnabled: true }),
    ];
    for (const built of forms.map(connectionRequest)) {
      expect(built.ok && IPC_REQUEST_VALIDATORS['connection:set'](built.request)).toBe(true);
    }
  });
});
