/**
 * Holds each input of a batch task, not the batch, to the time limit: the worker stamps the shared clock as each
 * input starts, and the task is aborted (its worker terminated) once one input has run longer than `limitMs`.
 * A clock of 0 means no input is running (the task still waits in the queue, or is done).
 */
export class BatchWatchdog {
  readonly clock = new SharedArrayBuffer(Float64Array.BYTES_PER_ELEMENT);
  private readonly started = new Float64Array(this.clock);
  private readonly aborter = new AbortController();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly limitMs: number) {
    this.arm(limitMs);
  }

  get signal(): AbortSignal {
    return this.aborter.signal;
  }

  get fired(): boolean {
    return this.aborter.signal.aborted;
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => this.check(), ms);
    this.timer.unref();
  }

  private check(): void {
    const started = this.started[0] as number;
    const left = started === 0 ? this.limitMs : started + this.limitMs - Date.now();
    if (left <= 0) this.aborter.abort();
    else this.arm(left);
  }
}
