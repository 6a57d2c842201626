import type { WorkerStatusMessage } from './eval-task.js';

/**
 * Resolves once `threads` workers have announced that they are ready; rejects on the first that could not build
 * its engine (its reason: a worker fails at start only for a reason every worker shares).
 */
export class PoolReadiness {
  readonly ready: Promise<void>;
  private readyCount = 0;
  private settle!: (err?: Error) => void;

  constructor(private readonly threads: number) {
    this.ready = new Promise<void>((resolve, reject) => {
      this.settle = (err) => (err ? reject(err) : resolve());
    });
    // a pool closed before anyone asked whether it was ready is not an unhandled rejection
    this.ready.catch(() => undefined);
  }

  report(message: WorkerStatusMessage): void {
    if (message.mapxEvalWorker === 'failed') {
      this.settle(new Error(`an evaluation worker thread could not start: ${message.reason}`));
      return;
    }
    if (++this.readyCount >= this.threads) this.settle();
  }

  cancel(reason: string): void {
    this.settle(new Error(reason));
  }
}
