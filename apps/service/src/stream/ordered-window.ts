/**
 * Inputs mapped concurrently, committed in input order: at most `size` inputs are in flight or waiting for an
 * earlier one, so memory stays bounded whatever the archive size, and the reader is only pulled when a place
 * frees (backpressure). In-order commits let a checkpoint be one number: everything below it is done.
 */
export class OrderedWindow<I, O> {
  private readonly slots: Array<{ input: I; outcome?: O; done: boolean }> = [];
  private wake: (() => void) | undefined;

  constructor(
    private readonly size: number,
    private readonly map: (input: I) => Promise<O>,
    private readonly commit: (input: I, outcome: O) => void,
  ) {}

  /** Starts `input`; resolves once there is room for the next one. `map` must not reject. */
  async push(input: I): Promise<void> {
    const slot: { input: I; outcome?: O; done: boolean } = { input, done: false };
    this.slots.push(slot);
    void this.map(input).then((outcome) => {
      slot.outcome = outcome;
      slot.done = true;
      const wake = this.wake;
      this.wake = undefined;
      wake?.();
    });
    await this.drainUntil(this.size - 1);
  }

  /** Resolves once every pushed input is committed. */
  finish(): Promise<void> {
    return this.drainUntil(0);
  }

  private async drainUntil(limit: number): Promise<void> {
    for (;;) {
      while (this.slots[0]?.done) {
        const slot = this.slots.shift() as { input: I; outcome: O };
        this.commit(slot.input, slot.outcome);
      }
      if (this.slots.length <= limit) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}
