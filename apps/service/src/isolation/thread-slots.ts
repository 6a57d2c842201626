interface Waiter {
  readonly grant: (held: boolean) => void;
  timer: NodeJS.Timeout | undefined;
  done: boolean;
}

/**
 * One slot per evaluation thread: a task holds one from the moment it is handed to a thread until its answer,
 * so the time limit runs from the hand-over and queue time never counts against it. Tasks beyond the threads
 * wait here in arrival order, each for at most its own wait limit.
 */
export class ThreadSlots {
  private busy = 0;
  private queue: Waiter[] = [];
  private head = 0;

  constructor(private readonly size: number) {}

  /** `true` at once when a slot is free (no promise on the hot path); else whether one freed up within waitMs. */
  acquire(waitMs = Infinity): true | Promise<boolean> {
    if (this.busy < this.size && this.head === this.queue.length) {
      this.busy++;
      return true;
    }
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = { grant: resolve, timer: undefined, done: false };
      if (Number.isFinite(waitMs))
        waiter.timer = setTimeout(() => {
          waiter.done = true;
          resolve(false);
        }, waitMs);
      this.queue.push(waiter);
    });
  }

  release(): void {
    while (this.head < this.queue.length) {
      const next = this.queue[this.head++]!;
      if (next.done) continue;
      next.done = true;
      clearTimeout(next.timer);
      this.compact();
      next.grant(true); // the slot passes on: busy stays as it is
      return;
    }
    this.compact();
    this.busy--;
  }

  /** Tasks waiting for a slot (timed-out waiters not yet skipped included). */
  get waiting(): number {
    return this.queue.length - this.head;
  }

  private compact(): void {
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }
}
