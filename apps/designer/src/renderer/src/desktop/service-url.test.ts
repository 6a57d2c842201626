import { describe, expect, it } from 'vitest';
import { checkServiceUrl } from './service-url.js';

describe('checkServiceUrl', () => {
  it.each([
    ['https://mapx.example.org', 'https://mapx.example.org/'],
    ['  https://mapx.example.org/base  ', 'https://mapx.example.org/base/'],
    ['https://mapx.example.org/base/', 'https://mapx.example.org/base/'],
    ['HTTP://127.0.0.1:42420', 'http://127.0.0.1:42420/'],
    ['http://localhost:42420/mapx', 'http://localhost:42420/mapx/'],
  ])('accepts %j as the base URL %s', (text, url) => {
    expect(checkServiceUrl(text)).toEqual({ ok: true, url });
  });

  it('warns about plain http to another machine, and still accepts it', () => {
    const checked = checkServiceUrl('http://mapx.internal:8080');
    expect(checked).toMatchObject({ ok: true, url: 'http://mapx.internal:8080/' });
    expect(checked.ok && checked.warning).toMatch(/unencrypted/);
  });

  it.each([
    ['empty', '   ', /Enter the URL/],
    ['no scheme', 'mapx.example.org', /Start with http/],
    ['another scheme', 'ftp://mapx.example.org/', /Start with http/],
    ['javascript', 'javascript:alert(1)', /Start with http/],
    ['credentials', 'https://user:secret@mapx.example.org/', /user name and password/],
    ['a query', 'https://mapx.example.org/?x=1', /no query/],
    ['a fragment', 'https://mapx.example.org/#top', /fragment/],
    ['an invalid host', 'https://exa mple.org/', /not a valid URL/],
    ['a huge text', `https://mapx.example.org/${'a'.repeat(5000)}`, /too long/],
  ])('refuses %s with a sentence', (_name, text, message) => {
    const checked = checkServiceUrl(text);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.message).toMatch(message);
  });
});
