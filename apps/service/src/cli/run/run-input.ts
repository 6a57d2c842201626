import type { RunIssue } from './run-codes.js';

/** Where an input sits in the archive: its file, its ordinal in that file (1-based), its first line if known. */
export interface InputPosition {
  readonly file: string;
  readonly index: number;
  readonly line?: number;
}

/** One record to map (bytes and their media type), or one that could not even be read (`issue`). */
export type RecordInput =
  | { readonly position: InputPosition; readonly contentType: string; readonly bytes: Uint8Array }
  | { readonly position: InputPosition; readonly issue: RunIssue };

/** A record with its sequence number: its ordinal over the whole archive, stable from run to run. */
export type RunInput = RecordInput & { readonly seq: number };
