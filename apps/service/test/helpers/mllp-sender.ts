import { connect, type Socket } from 'node:net';
import { frame } from './mllp-client.js';

export interface SentMessage {
  readonly id: string;
  readonly text: string;
}

/** What one sending of a message got back: an ACK code with its ERR-8 (or MSA-3) text, or no ACK at all. */
export interface Answer {
  readonly code: 'AA' | 'AE' | 'AR' | 'none';
  readonly text: string;
}

/**
 * An interface engine's sender, for fault tests: one connection at a time, up to `window` messages in flight
 * (pipelined), each ACK matched to the oldest message in flight (HL7 sequencing: an ACK for another message is an
 * order violation). When the connection drops, what was in flight counts as unanswered and the sender connects
 * again (for as long as `reconnectMs`) and goes on with the next message; resending is the caller's decision.
 */
export class PipelinedSender {
  readonly answers = new Map<string, Answer[]>();
  orderViolations = 0;
  connections = 0;

  constructor(
    private readonly port: number,
    private readonly window: number,
    private readonly reconnectMs = 30_000,
  ) {}

  /** Total answers recorded (an ACK, or `none` for a message in flight when its connection dropped). */
  get answered(): number {
    let n = 0;
    for (const list of this.answers.values()) n += list.length;
    return n;
  }

  async send(messages: readonly SentMessage[]): Promise<void> {
    let next = 0;
    while (next < messages.length) {
      const socket = await this.connect();
      this.connections++;
      next = await this.session(socket, messages, next);
    }
  }

  private session(socket: Socket, messages: readonly SentMessage[], from: number): Promise<number> {
    let next = from;
    const inFlight: string[] = [];
    let buffer = Buffer.alloc(0);
    let ending = false;
    return new Promise<number>((resolve) => {
      const pump = () => {
        while (!ending && inFlight.length < this.window && next < messages.length) {
          const m = messages[next++]!;
          inFlight.push(m.id);
          socket.write(frame(m.text));
        }
        if (!ending && inFlight.length === 0 && next >= messages.length) {
          ending = true;
          socket.end();
        }
      };
      socket.on('data', (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk]);
        for (;;) {
          const start = buffer.indexOf(0x0b);
          const end = buffer.indexOf(0x1c);
          if (start < 0 || end < 0) break;
          const ack = buffer.subarray(start + 1, end).toString('latin1');
          buffer = buffer.subarray(end + 2);
          const { id, answer } = readAck(ack);
          const expected = inFlight.shift();
          if (expected !== id) this.orderViolations++;
          this.record(id, answer);
        }
        pump();
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        for (const id of inFlight.splice(0)) this.record(id, { code: 'none', text: 'connection lost' });
        resolve(next);
      });
      pump();
    });
  }

  private record(id: string, answer: Answer): void {
    const list = this.answers.get(id);
    if (list) list.push(answer);
    else this.answers.set(id, [answer]);
  }

  private async connect(): Promise<Socket> {
    const deadline = Date.now() + this.reconnectMs;
    for (;;) {
      try {
        return await new Promise<Socket>((resolve, reject) => {
          const socket = connect({ port: this.port, host: '127.0.0.1' }, () => {
            socket.off('error', reject);
            resolve(socket);
          });
          socket.once('error', reject);
        });
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
}

/** MSA-1, MSA-2 and the error text (ERR-8 from 2.5, else MSA-3) of an ACK. */
function readAck(ack: string): { id: string; answer: Answer } {
  const segments = ack.split('\r');
  const msa = (segments.find((s) => s.startsWith('MSA|')) ?? '').split('|');
  const err = (segments.find((s) => s.startsWith('ERR|')) ?? '').split('|');
  const code = msa[1] === 'AA' || msa[1] === 'AE' || msa[1] === 'AR' ? msa[1] : 'none';
  return { id: msa[2] ?? '', answer: { code, text: err[8] ?? msa[3] ?? '' } };
}
