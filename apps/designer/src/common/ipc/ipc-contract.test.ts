import { describe, expect, it } from 'vitest';
import { IPC_CHANNELS, IPC_REQUEST_VALIDATORS, isIpcChannel, isIpcEvent } from './ipc-contract.js';

const validate = IPC_REQUEST_VALIDATORS['connection:set'];

describe('ipc contract', () => {
  it('lists exactly the channels that have a validator', () => {
    expect([...IPC_CHANNELS].sort()).toEqual([
      'auth:get-access-token',
      'auth:get-state',
      'auth:login',
      'auth:logout',
      'connection:choose-folder',
      'connection:get',
      'connection:set',
    ]);
    expect(isIpcChannel('connection:get')).toBe(true);
    expect(isIpcChannel('fs:read')).toBe(false);
    expect(isIpcChannel({})).toBe(false);
    expect(isIpcEvent('auth:changed')).toBe(true);
    expect(isIpcEvent('auth:get-state')).toBe(false);
  });

  it('accepts well-formed connection requests', () => {
    expect(validate({ mode: 'embed', mappingsFolder: '/home/me/mappings' })).toBe(true);
    expect(validate({ mode: 'connect', url: 'https://mapx.example.org/', authEnabled: true })).toBe(true);
  });

  it.each([
    ['unknown mode', { mode: 'shell', mappingsFolder: '/x' }],
    ['extra property', { mode: 'embed', mappingsFolder: '/x', env: { NODE_OPTIONS: '--inspect' } }],
    ['empty folder', { mode: 'embed', mappingsFolder: '' }],
    ['NUL in folder', { mode: 'embed', mappingsFolder: '/x\0y' }],
    ['file URL', { mode: 'connect', url: 'file:///etc/passwd', authEnabled: false }],
    ['javascript URL', { mode: 'connect', url: 'javascript:alert(1)', authEnabled: false }],
    ['credentials in URL', { mode: 'connect', url: 'https://u:p@mapx.example.org/', authEnabled: false }],
    ['missing authEnabled', { mode: 'connect', url: 'https://mapx.example.org/' }],
    ['not an object', 'embed'],
    ['null', null],
  ])('rejects %s', (_name, payload) => {
    expect(validate(payload)).toBe(false);
  });

  it('accepts only null for channels without a payload', () => {
    expect(IPC_REQUEST_VALIDATORS['auth:login'](null)).toBe(true);
    expect(IPC_REQUEST_VALIDATORS['auth:login'](undefined)).toBe(false);
    expect(IPC_REQUEST_VALIDATORS['auth:login']({ force: true })).toBe(false);
  });
});
