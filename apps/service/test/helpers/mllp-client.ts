import { connect, type Socket } from 'node:net';

/** A bare MLLP client for tests: sends raw frames (garbage included) and collects every ACK it gets. */
export class RawMllpClient {
  readonly acks: string[] = [];
  private buffer = Buffer.alloc(0);
  private waiters: (() => void)[] = [];

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      for (;;) {
        const start = this.buffer.indexOf(0x0b);
        const end = this.buffer.indexOf(0x1c);
        if (start < 0 || end < 0) break;
        this.acks.push(this.buffer.subarray(start + 1, end).toString('latin1'));
        this.buffer = this.buffer.subarray(end + 2);
      }
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static async open(port: number): Promise<RawMllpClient> {
    const socket = connect({ port, host: '127.0.0.1' });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return new RawMllpClient(socket);
  }

  /** Writes bytes as they are (use `frame` for a framed message). */
  write(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  async waitForAcks(count: number, timeoutMs = 30_000): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.acks.length < count) {
      if (Date.now() > deadline) throw new Error(`got ${this.acks.length} of ${count} ACKs`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return this.acks.slice(0, count);
  }

  close(): void {
    this.socket.destroy();
  }
}

export function frame(text: string): Buffer {
  return Buffer.concat([Buffer.from([0x0b]), Buffer.from(text, 'utf8'), Buffer.from([0x1c, 0x0d])]);
}

/** Field n (1-based, MSH-1 being the separator) of the first segment named `name` in an ER7 message. */
export function field(message: string, name: string, n: number): string {
  const segment = message.split('\r').find((s) => s.startsWith(`${name}|`));
  if (!segment) return '';
  const parts = segment.split('|');
  return (name === 'MSH' ? parts[n - 1] : parts[n]) ?? '';
}
