import { isIP } from 'node:net';

/** True for an interface only this machine reaches: `localhost`, 127.0.0.0/8, `::1`. */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (h.startsWith('::ffff:')) return isLoopback(h.slice(7));
  return h === '::1';
}
