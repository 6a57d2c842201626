import { describe, expect, it } from 'vitest';
import { parseAllowList, plainAddress } from './admission.js';
import { isLoopback } from './loopback.js';

describe('MLLP_ALLOW', () => {
  it('takes addresses and CIDR ranges of both families, commas or spaces between', () => {
    const list = parseAllowList('10.1.0.0/16, 192.168.7.12 fd00::/8');
    expect(list.check('10.1.200.3', 'ipv4')).toBe(true);
    expect(list.check('10.2.0.1', 'ipv4')).toBe(false);
    expect(list.check('192.168.7.12', 'ipv4')).toBe(true);
    expect(list.check('fd12::1', 'ipv6')).toBe(true);
    expect(list.check('2001:db8::1', 'ipv6')).toBe(false);
  });

  it('names the entry that is not an address or range', () => {
    for (const bad of ['intranet', '10.0.0.0/33', '10.0.0.0/8/1', '300.1.1.1', 'fd00::/129'])
      expect(() => parseAllowList(`127.0.0.1, ${bad}`)).toThrow(
        `"${bad}" is not an IP address or a CIDR range`,
      );
  });

  it('checks an IPv4 sender on a dual-stack socket by its IPv4 address', () => {
    expect(plainAddress('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(plainAddress('fd00::1')).toBe('fd00::1');
  });

  it('tells loopback interfaces from the others', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopback(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'mapx.example.org'])
      expect(isLoopback(host), host).toBe(false);
  });
});
