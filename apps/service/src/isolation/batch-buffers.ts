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

  constructor(private readonly maxBuffers: number) {}

  /** A buffer of at least `bytes` bytes: the smallest free one that fits, or a new one. */
  take(bytes: number): ArrayBuffer {
    return takeFitting(this.free, bytes) ?? new ArrayBuffer(Math.max(MIN_BYTES, bytes));
  }

  /** Up to `count` free buffers, for a thread to write a batch's output into. */
  spares(count: number): ArrayBuffer[] {
    return this.free.splice(0, Math.min(count, this.free.length));
  }

  /**
   * A buffer main is done with. Dropped: one moved elsewhere since (detached), too large, one too many, and any
   * smaller than this pool makes, which is how a slab of Node's own Buffer pool, shared by many small Buffers,
   * can never enter it (and be moved away from them).
   */
  give(buffer: ArrayBufferLike): void {
    if (
      !(buffer instanceof ArrayBuffer) ||
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
