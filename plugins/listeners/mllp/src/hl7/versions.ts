import type { MshHeader } from './msh-header.js';

const ORDER = [
  '2.1',
  '2.2',
  '2.3',
  '2.3.1',
  '2.4',
  '2.5',
  '2.5.1',
  '2.6',
  '2.7',
  '2.7.1',
  '2.8',
  '2.8.1',
  '2.8.2',
];

/** True when `version` is `min` or later; an unknown version counts as recent. */
export function atLeast(version: string, min: string): boolean {
  const i = ORDER.indexOf(version);
  return i < 0 || i >= ORDER.indexOf(min);
}

/**
 * MSH-9 of an ACK as the version writes it: `ACK` (2.1, 2.2), `ACK^A01` (2.3), `ACK^A01^ACK` (2.3.1+, with the
 * message structure).
 */
export function ackMessageType(h: MshHeader, trigger: string): string {
  const c = h.component;
  if (!atLeast(h.version, '2.3') || !/^[A-Za-z0-9]{1,8}$/.test(trigger)) return 'ACK';
  if (!atLeast(h.version, '2.3.1')) return `ACK${c}${trigger}`;
  return `ACK${c}${trigger}${c}ACK`;
}
