/** The smallest buffer made for a batch: its input, or one type of its output (64 inputs of a few kB). */
export const MIN_BYTES = 64 * 1024;
/** Larger buffers (a batch of large inputs) are used once and left to the collector. */
const MAX_KEPT_BYTES = 4 * 1024 * 1024;

/**
 * The memory a run's batches travel in, reused. Each batch's input bytes go to an evaluation thread in one of these
 * buffers, with a few spare ones for its output; all of them come back with its answer and return here once main
 * has written them. Allocated fresh instead, each would be memory outside main's heap that only main's next full
 * collection frees: main allocates little of its own, so tens of MB of written batches would wait for it.
 */
export class BufferPool {
  private readonly free: ArrayBuffer[] = [];
  /**
   * Buffers known to belong to one batch alone: made here, or moved here from a thread. Only these are kept: any
   * other (a slab of Node's pool of small Buffers, which many Buffers share) would be moved away from its sharers.
   */
  private readonly ours = new WeakSet<ArrayBuffer>();

  constructor(private readonly maxBuffers: number) {}

  /** A buffer of at least `bytes` bytes: the smallest free one that fits, or a new one. */
  take(bytes: number): ArrayBuffer {
    const found = takeFitting(this.free, bytes);
    if (found) return found;
    const made = new ArrayBuffer(Math.max(MIN_BYTES, bytes));
    this.ours.add(made);
    return made;
  }

  /**
   * A batch's answer from a thread: its output's buffers (moved from the thread, so this batch's alone) become the
   * pool's, to come back once written, and the buffers it handed back return now.
   */
  received(result: {
    readonly texts: ReadonlyArray<readonly [string, Uint8Array, number]>;
    readonly buffers?: readonly ArrayBuffer[];
  }): void {
    for (const [, text] of result.texts) if (text.buffer instanceof ArrayBuffer) this.ours.add(text.buffer);
    for (const buffer of result.buffers ?? []) {
      this.ours.add(buffer);
      this.give(buffer);
    }
  }

  /** Up to `count` free buffers, for a thread to write a batch's output into. */
  spares(count: number): ArrayBuffer[] {
    return this.free.splice(0, Math.min(count, this.free.length));
  }

  /**
   * A buffer main is done with. Dropped: one not the pool's (see `ours`), one moved elsewhere since (detached),
   * one smaller than the pool makes or too large, and one too many.
   */
  give(buffer: ArrayBufferLike): void {
    if (
      !(buffer instanceof ArrayBuffer) ||
      !this.ours.has(buffer) ||
      buffer.byteLength < MIN_BYTES ||
      buffer.byteLength > MAX_KEPT_BYTES
    )
      return;
    if (this.free.length < this.maxBuffers && !this.free.includes(buffer)) this.free.push(buffer);
  }

  get size(): number {
    return this.free.length;
  }
}

/** The smallest buffer of `free` with room for `bytes`, taken out of it. */
export function takeFitting(free: ArrayBuffer[], bytes: number): ArrayBuffer | undefined {
  let best = -1;
  for (let i = 0; i < free.length; i++)
    if (free[i]!.byteLength >= bytes && (best < 0 || free[i]!.byteLength < free[best]!.byteLength)) best = i;
  return best < 0 ? undefined : free.splice(best, 1)[0];
}
