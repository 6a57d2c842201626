import { BlockList, isIPv4, type Socket } from 'node:net';
import type { PluginLogger } from '@mapx/plugin-api';
import type { ListenerStats, RefusedReason } from './listener-stats.js';

/** One log line per reason at most this often; the lines between are counted in the next one. */
const LOG_EVERY_MS = 10_000;

/**
 * Who may connect, checked on the raw socket as it is accepted, before a byte is read (and before any TLS
 * handshake): the sender's address against `MLLP_ALLOW`, then the number of connections it already holds.
 */
export class Admission {
  private readonly perAddress = new Map<string, number>();
  private readonly lastLog = new Map<RefusedReason, { at: number; suppressed: number }>();

  constructor(
    private readonly allow: BlockList | undefined,
    private readonly maxPerAddress: number,
    private readonly stats: ListenerStats,
    private readonly logger: () => PluginLogger,
  ) {}

  /** True when the socket may go on; else it is destroyed, logged and counted. */
  admit(socket: Socket): boolean {
    const address = plainAddress(socket.remoteAddress);
    if (this.allow && !(address && this.allow.check(address, isIPv4(address) ? 'ipv4' : 'ipv6'))) {
      this.refuse(socket, 'not_allowed', address);
      return false;
    }
    const key = address ?? '';
    const held = this.perAddress.get(key) ?? 0;
    if (held >= this.maxPerAddress) {
      this.refuse(socket, 'per_address_limit', address);
      return false;
    }
    this.perAddress.set(key, held + 1);
    socket.once('close', () => {
      const now = (this.perAddress.get(key) ?? 1) - 1;
      if (now > 0) this.perAddress.set(key, now);
      else this.perAddress.delete(key);
    });
    return true;
  }

  /** Counts and logs a refusal decided elsewhere (connection limit, TLS handshake). */
  refused(reason: RefusedReason, address: string | undefined, detail?: string): void {
    this.stats.onRefused(reason);
    const now = Date.now();
    const last = this.lastLog.get(reason);
    if (last && now - last.at < LOG_EVERY_MS) {
      last.suppressed++;
      return;
    }
    this.lastLog.set(reason, { at: now, suppressed: 0 });
    const more = last?.suppressed ? ` (and ${last.suppressed} more since the last report)` : '';
    this.logger().warn(
      { reason, remote: address, ...(detail ? { detail } : {}) },
      `MLLP connection refused: ${reason.replace(/_/g, ' ')}${more}`,
    );
  }

  private refuse(socket: Socket, reason: RefusedReason, address: string | undefined): void {
    socket.destroy();
    this.refused(reason, address);
  }
}

/** `::ffff:10.0.0.1` (an IPv4 sender on a dual-stack socket) is checked as `10.0.0.1`. */
export function plainAddress(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/**
 * `MLLP_ALLOW`: addresses and CIDR ranges separated by commas or spaces (`10.1.0.0/16, 192.168.7.12, fd00::/8`).
 * Throws naming the entry that is neither.
 */
export function parseAllowList(text: string): BlockList {
  const list = new BlockList();
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIPv4(address)
      ? 'ipv4'
      : /^[0-9a-f:.]+$/i.test(address) && address.includes(':')
        ? 'ipv6'
        : undefined;
    const bits = prefix === undefined ? undefined : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
    const max = family === 'ipv4' ? 32 : 128;
    if (!family || extra !== undefined || (bits !== undefined && !(bits >= 0 && bits <= max)))
      throw new Error(`"${entry}" is not an IP address or a CIDR range`);
    try {
      if (bits === undefined) list.addAddress(address, family);
      else list.addSubnet(address, bits, family);
    } catch {
      throw new Error(`"${entry}" is not an IP address or a CIDR range`);
    }
  }
  return list;
}
