import type { Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { ChangeAnnounced, ChangeApplied, PeerMessage } from './peer-messages.js';

/** How long an announcing worker waits for its peers before answering its client anyway. */
const PEER_TIMEOUT_MS = 30_000;

interface Round {
  readonly origin: Worker;
  readonly seq: number;
  readonly waiting: Set<number>;
  readonly failures: string[];
  readonly timer: NodeJS.Timeout;
}

/**
 * Fans a change announced by one worker out to every other worker and reports back when all of them applied it.
 * A worker that exits during a round counts as done: its replacement loads everything afresh.
 */
export class ChangeRelay {
  private readonly rounds = new Map<number, Round>();
  private nextRef = 1;

  constructor(
    private readonly workers: () => readonly Worker[],
    private readonly logger: Logger,
  ) {}

  announced(origin: Worker, message: ChangeAnnounced): void {
    const ref = this.nextRef++;
    const peers = this.workers().filter((w) => w !== origin && w.isConnected());
    const round: Round = {
      origin,
      seq: message.seq,
      waiting: new Set(peers.map((w) => w.id)),
      failures: [],
      timer: setTimeout(() => this.timeOut(ref), PEER_TIMEOUT_MS),
    };
    this.rounds.set(ref, round);
    for (const peer of peers)
      peer.send({ mapx: 'apply-change', ref, change: message.change } satisfies PeerMessage);
    this.settleIfDone(ref);
  }

  applied(worker: Worker, message: ChangeApplied): void {
    const round = this.rounds.get(message.ref);
    if (!round) return;
    if (message.error !== undefined) round.failures.push(`worker ${worker.id}: ${message.error}`);
    round.waiting.delete(worker.id);
    this.settleIfDone(message.ref);
  }

  /** A worker exited: it no longer owes answers, and rounds it started have nobody to report to. */
  left(worker: Worker): void {
    for (const [ref, round] of this.rounds) {
      round.waiting.delete(worker.id);
      this.settleIfDone(ref);
    }
  }

  private timeOut(ref: number): void {
    const round = this.rounds.get(ref);
    if (!round) return;
    for (const id of round.waiting)
      round.failures.push(`worker ${id}: no answer within ${PEER_TIMEOUT_MS} ms`);
    round.waiting.clear();
    this.settleIfDone(ref);
  }

  private settleIfDone(ref: number): void {
    const round = this.rounds.get(ref);
    if (!round || round.waiting.size > 0) return;
    clearTimeout(round.timer);
    this.rounds.delete(ref);
    if (round.failures.length)
      this.logger.warn({ failures: round.failures }, 'a change did not reach every worker');
    if (round.origin.isConnected())
      round.origin.send({
        mapx: 'change-settled',
        seq: round.seq,
        failures: round.failures,
      } satisfies PeerMessage);
  }
}
