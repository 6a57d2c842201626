import { closeSync, ftruncateSync, mkdirSync, openSync, statSync, writevSync } from 'node:fs';
import { dirname } from 'node:path';

interface OpenFile {
  readonly fd: number;
  size: number;
  pending: Array<string | Uint8Array>;
  /** Bytes, or UTF-16 units of text (bytes, near enough), in `pending`. */
  pendingSize: number;
}

/**
 * Text held per file before it is written: enough that a write carries many batches, little enough that main
 * never holds more than a moment's output. Held for a whole checkpoint interval, a busy machine's output (hundreds
 * of MB a second) would outlive the young generation and wait for a full collection of main's heap.
 */
const WRITE_AT = 1 << 16;

/**
 * The files a run appends to (outputs, errors), written in batches of whole lines: each file as its pending text
 * reaches `WRITE_AT`, and all of them at `flush`, which the run calls just before each checkpoint, so a
 * checkpoint's recorded sizes always cover complete lines only (a resumed run cuts what was written after it).
 */
export class OutputFiles {
  private readonly files = new Map<string, OpenFile>();

  /**
   * `restored`: sizes to cut the files back to (a resumed run), or empty: every file named later starts empty.
   * `written`: given each part appended as bytes once it is on disk (its buffer may then be reused).
   */
  constructor(
    private readonly restored: ReadonlyMap<string, number> = new Map(),
    private readonly written?: (bytes: Uint8Array) => void,
  ) {}

  /** Whole lines: text, or UTF-8 bytes (what the evaluation threads send). */
  append(path: string, text: string | Uint8Array): void {
    const file = this.files.get(path) ?? this.open(path);
    file.pending.push(text);
    file.pendingSize += text.length;
    if (file.pendingSize >= WRITE_AT) this.write(file);
  }

  /** Writes what is pending; returns every file's size (the checkpoint's record). */
  flush(): Record<string, number> {
    const sizes: Record<string, number> = Object.create(null) as Record<string, number>;
    for (const [path, file] of this.files) {
      this.write(file);
      sizes[path] = file.size;
    }
    for (const [path, size] of this.restored) if (!this.files.has(path)) sizes[path] = size;
    return sizes;
  }

  close(): void {
    for (const file of this.files.values()) closeSync(file.fd);
    this.files.clear();
  }

  private write(file: OpenFile): void {
    if (file.pending.length === 0) return;
    const pending = file.pending;
    file.pending = [];
    file.pendingSize = 0;
    file.size += writeAll(file.fd, pending.map(utf8));
    if (this.written) for (const part of pending) if (typeof part !== 'string') this.written(part);
  }

  private open(path: string): OpenFile {
    mkdirSync(dirname(path), { recursive: true });
    const fd = openSync(path, 'a');
    // whatever was written after the last checkpoint (or by an earlier run) is cut off: each output exactly once
    const size = Math.min(this.restored.get(path) ?? 0, statSync(path).size);
    ftruncateSync(fd, size);
    const file = { fd, size, pending: [], pendingSize: 0 };
    this.files.set(path, file);
    return file;
  }
}

function utf8(text: string | Uint8Array): Uint8Array {
  return typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
}

/** What one `writev` takes at most: IOV_MAX, 1024 on Linux and macOS. */
const IOV_MAX = 1024;

/**
 * Every part in order, not joined first (the evaluation threads' bytes are written as they came); a short write
 * resumes where it stopped. Returns the bytes written.
 */
function writeAll(fd: number, parts: readonly Uint8Array[]): number {
  let total = 0;
  let queue = parts.filter((p) => p.length > 0);
  while (queue.length > 0) {
    const batch = queue.length > IOV_MAX ? queue.slice(0, IOV_MAX) : queue;
    let wrote = writevSync(fd, batch);
    total += wrote;
    let i = 0;
    while (i < batch.length && wrote >= batch[i]!.length) wrote -= batch[i++]!.length;
    queue = queue.slice(i);
    if (wrote > 0) queue[0] = queue[0]!.subarray(wrote);
  }
  return total;
}
