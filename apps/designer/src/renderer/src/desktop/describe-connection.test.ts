import { describe, expect, it } from 'vitest';
import { describeConnection } from './describe-connection.js';

describe('describeConnection', () => {
  it('names the embedded folder and the state', () => {
    const text = describeConnection({
      mode: 'embed',
      mappingsFolder: '/home/ana/mappings',
      status: 'starting',
      authEnabled: false,
    });
    expect(text).toBe('Embedded · /home/ana/mappings · starting…');
  });

  it('names the remote service', () => {
    const text = describeConnection({
      mode: 'connect',
      remoteUrl: 'https://mapx.example.org/',
      status: 'connected',
      authEnabled: true,
    });
    expect(text).toBe('Remote · https://mapx.example.org/ · connected');
  });

  it('says "Connection…" until the desktop app answered', () => {
    expect(describeConnection(undefined)).toBe('Connection…');
  });
});
