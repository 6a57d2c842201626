import { closeSync, ftruncateSync, mkdirSync, openSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

interface OpenFile {
  readonly fd: number;
  size: number;
  pending: Array<string | Uint8Array>;
}

/**
 * The files a run appends to (outputs, errors), written in batches: text is held until `flush`, which the run
 * calls just before each checkpoint, so a checkpoint's recorded sizes always cover complete lines only.
 */
export class OutputFiles {
  private readonly files = new Map<string, OpenFile>();

  /** Sizes to cut the files back to (a resumed run), or empty: every file named later starts empty. */
  constructor(private readonly restored: ReadonlyMap<string, number> = new Map()) {}

  /** Text, or UTF-8 bytes (what the evaluation threads send). */
  append(path: string, text: string | Uint8Array): void {
    const file = this.files.get(path) ?? this.open(path);
    file.pending.push(text);
  }

  /** Writes what is pending; returns every file's size (the checkpoint's record). */
  flush(): Record<string, number> {
    const sizes: Record<string, number> = Object.create(null) as Record<string, number>;
    for (const [path, file] of this.files) {
      if (file.pending.length > 0) {
        const bytes = Buffer.concat(file.pending.map(utf8));
        file.pending = [];
        writeAll(file.fd, bytes);
        file.size += bytes.length;
      }
      sizes[path] = file.size;
    }
    for (const [path, size] of this.restored) if (!this.files.has(path)) sizes[path] = size;
    return sizes;
  }

  close(): void {
    for (const file of this.files.values()) closeSync(file.fd);
    this.files.clear();
  }

  private open(path: string): OpenFile {
    mkdirSync(dirname(path), { recursive: true });
    const fd = openSync(path, 'a');
    // whatever was written after the last checkpoint (or by an earlier run) is cut off: each output exactly once
    const size = Math.min(this.restored.get(path) ?? 0, statSync(path).size);
    ftruncateSync(fd, size);
    const file = { fd, size, pending: [] };
    this.files.set(path, file);
    return file;
  }
}

function utf8(text: string | Uint8Array): Uint8Array {
  return typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
}

function writeAll(fd: number, bytes: Buffer): void {
  for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done);
}
