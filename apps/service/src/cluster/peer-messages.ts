/**
 * What the processes of a cluster (MAPX_WORKERS > 1) tell each other over Node's IPC channel. Every message
 * carries `mapx` so that messages of other libraries on the same channel are ignored.
 */
export type PeerChange =
  | { readonly kind: 'write'; readonly id: string; readonly expression: string | null }
  | { readonly kind: 'recache' };

/** Worker → primary: a change this worker made that every other worker must apply before it answers. */
export interface ChangeAnnounced {
  readonly mapx: 'change-announced';
  readonly seq: number;
  readonly change: PeerChange;
}

/** Primary → other workers: apply this change, then acknowledge with `ref`. */
export interface ApplyChange {
  readonly mapx: 'apply-change';
  readonly ref: number;
  readonly change: PeerChange;
}

/** Worker → primary: the change `ref` was applied (or failed with `error`). */
export interface ChangeApplied {
  readonly mapx: 'change-applied';
  readonly ref: number;
  readonly error?: string;
}

/** Primary → announcing worker: every peer answered (or left, or timed out); `failures` names the ones that failed. */
export interface ChangeSettled {
  readonly mapx: 'change-settled';
  readonly seq: number;
  readonly failures: readonly string[];
}

export type PeerMessage = ChangeAnnounced | ApplyChange | ChangeApplied | ChangeSettled;

const KINDS = new Set(['change-announced', 'apply-change', 'change-applied', 'change-settled']);

export function isPeerMessage(m: unknown): m is PeerMessage {
  return typeof m === 'object' && m !== null && KINDS.has((m as { mapx?: unknown }).mapx as string);
}
