import { describe, expect, it } from 'vitest';
import type { DesignerHostConfig } from '../../common/host-config.js';
import { applyServedConfig } from './served-config.js';

const WEB: DesignerHostConfig = { serviceBaseUrl: 'http://mapx.test/', authEnabled: false, host: 'web' };

describe('applyServedConfig', () => {
  it('switches the authenticated mode on as the service says', () => {
    expect(applyServedConfig(WEB, { authEnabled: true })).toEqual({ ...WEB, authEnabled: true });
  });

  it('switches it off too, and keeps the service URL and host kind', () => {
    const on = { ...WEB, authEnabled: true };
    expect(applyServedConfig(on, { authEnabled: false })).toEqual(WEB);
  });

  it.each([
    ['no body', undefined],
    ['an HTML error page', '<html>not found</html>'],
    ['a string flag', { authEnabled: 'true' }],
    ['null', null],
    ['another field only', { serviceBaseUrl: 'http://elsewhere.test/' }],
  ])('leaves the host unchanged for %s', (_name, body) => {
    expect(applyServedConfig(WEB, body)).toBe(WEB);
  });
});
