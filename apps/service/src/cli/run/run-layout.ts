import { resolve } from 'node:path';

export type OutputKind = 'file' | 'folder' | 'server';

/** Where a run writes: its output, its errors NDJSON and its checkpoint (defaults next to the output). */
export interface RunLayout {
  readonly kind: OutputKind;
  readonly output: string;
  readonly errors: string;
  readonly checkpoint: string;
}

export function runLayout(output: string, errors?: string, checkpoint?: string): RunLayout {
  const kind: OutputKind = /^https?:\/\//i.test(output)
    ? 'server'
    : /\.(ndjson|jsonl)$/i.test(output)
      ? 'file'
      : 'folder';
  const target = kind === 'server' ? output : resolve(output);
  const stem = kind === 'file' ? target.replace(/\.(ndjson|jsonl)$/i, '') : undefined;
  const defaults =
    kind === 'folder'
      ? { errors: resolve(target, 'errors.ndjson'), checkpoint: resolve(target, '.mapx-run-checkpoint.json') }
      : kind === 'file'
        ? { errors: `${stem}.errors.ndjson`, checkpoint: `${stem}.checkpoint.json` }
        : { errors: resolve('mapx-run-errors.ndjson'), checkpoint: resolve('mapx-run-checkpoint.json') };
  return {
    kind,
    output: target,
    errors: errors === undefined ? defaults.errors : resolve(errors),
    checkpoint: checkpoint === undefined ? defaults.checkpoint : resolve(checkpoint),
  };
}
