import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

/** What identifies a run: a checkpoint is only resumed by the same run. */
export type RunIdentity = Readonly<Record<string, string | number | undefined>>;

export interface RunCounts {
  converted: number;
  failed: number;
  warnings: number;
}

export interface CheckpointState {
  readonly version: 1;
  readonly run: RunIdentity;
  /** Every input of this shard numbered below this one has its outputs (or error line) in the files. */
  readonly nextSeq: number;
  /** Each output file's size when this checkpoint was written: a resume cuts the files back to it. */
  readonly files: Readonly<Record<string, number>>;
  readonly counts: RunCounts;
  readonly complete: boolean;
}

/**
 * The checkpoint file of a run, replaced atomically (written aside, then renamed over): after a crash it holds
 * either the previous or the new state, never a torn one.
 */
export class Checkpoint {
  constructor(
    readonly path: string,
    private readonly run: RunIdentity,
  ) {}

  /** The state to resume from, undefined when there is none; throws when it belongs to another run. */
  load(): CheckpointState | undefined {
    if (!existsSync(this.path)) return undefined;
    const state = JSON.parse(readFileSync(this.path, 'utf8')) as CheckpointState;
    if (state.version !== 1 || !isDeepStrictEqual(state.run, JSON.parse(JSON.stringify(this.run))))
      throw new Error(
        `the checkpoint ${this.path} belongs to another run (mapping, input, output or options differ); remove it or run without --resume`,
      );
    return state;
  }

  save(state: Omit<CheckpointState, 'version' | 'run'>): void {
    const aside = `${this.path}.tmp`;
    mkdirSync(dirname(aside), { recursive: true });
    writeFileSync(aside, JSON.stringify({ version: 1, run: this.run, ...state }));
    renameSync(aside, this.path);
  }

  remove(): void {
    rmSync(this.path, { force: true });
  }
}
