import { versionRank } from '@mapx/hl7v2';
import type { MshHeader } from './msh-header.js';

/** True when `version` is `min` or later; an unknown version counts as recent. */
export function atLeast(version: string, min: string): boolean {
  const rank = versionRank(version);
  return rank < 0 || rank >= versionRank(min);
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
