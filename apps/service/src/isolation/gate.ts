/** `Atomics.waitAsync` (V8 has it since Node 16; TypeScript declares it from lib es2024 on). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      array: Int32Array,
      index: number,
      value: number,
    ): { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

/**
 * A one-way gate shared with worker threads through a SharedArrayBuffer: a thread waits for it without a message
 * channel, so it can be opened before or after the thread starts.
 */
export class Gate {
  readonly buffer = new SharedArrayBuffer(4);
  private readonly state = new Int32Array(this.buffer);

  constructor() {
    Atomics.store(this.state, 0, 1);
  }

  close(): void {
    Atomics.store(this.state, 0, 0);
  }

  open(): void {
    Atomics.store(this.state, 0, 1);
    Atomics.notify(this.state, 0);
  }

  /** Opens the gate of `buffer`, from a thread that holds only the buffer. */
  static openBuffer(buffer: SharedArrayBuffer): void {
    const state = new Int32Array(buffer);
    Atomics.store(state, 0, 1);
    Atomics.notify(state, 0);
  }

  /** Resolves once the gate of `buffer` is open (at once when it is). */
  static async opened(buffer: SharedArrayBuffer): Promise<void> {
    const state = new Int32Array(buffer);
    while (Atomics.load(state, 0) === 0) {
      const wait = waitAsync(state, 0, 0);
      if (wait.async) await wait.value;
    }
  }
}
