import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAppPath } from './resolve-app-path.js';

const root = resolve('/opt/mapx/renderer');

describe('resolveAppPath', () => {
  it('serves index.html for the root and files below the root', () => {
    expect(resolveAppPath(root, 'app://designer/')).toBe(join(root, 'index.html'));
    expect(resolveAppPath(root, 'app://designer/index.html?x=1#y')).toBe(join(root, 'index.html'));
    expect(resolveAppPath(root, 'app://designer/assets/index-abc.js')).toBe(
      join(root, 'assets', 'index-abc.js'),
    );
    expect(resolveAppPath(root, 'app://designer/assets/a%20b.css')).toBe(join(root, 'assets', 'a b.css'));
  });

  it.each([
    [
      'dot-dot (normalised away by the URL parser, then still inside)',
      'app://designer/../../etc/passwd',
      'inside',
    ],
    [
      'encoded dot-dot (the URL parser normalises it too)',
      'app://designer/%2e%2e/%2e%2e/etc/passwd',
      'inside',
    ],
    ['encoded slash dot-dot', 'app://designer/assets%2f..%2f..%2f..%2fetc/passwd', undefined],
    ['backslash', 'app://designer/..%5c..%5cetc%5cpasswd', undefined],
    ['NUL', 'app://designer/index.html%00.png', undefined],
    ['bad escape', 'app://designer/%E0%A4%A', undefined],
    ['another host', 'app://evil/index.html', undefined],
    ['another scheme', 'file:///etc/passwd', undefined],
    ['not a URL', 'designer/index.html', undefined],
  ])('refuses %s', (_name, url, expected) => {
    const got = resolveAppPath(root, url);
    if (expected === 'inside') expect(got).toBe(join(root, 'etc', 'passwd'));
    else expect(got).toBeUndefined();
  });
});
