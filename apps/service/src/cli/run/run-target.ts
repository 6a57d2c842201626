import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BatchResult, BatchShape } from '../../isolation/batch-task.js';
import type { OutputFiles } from './output-files.js';
import { splitResources } from '../../results/split-resources.js';

/** Where results go. `deliver` (optional) runs concurrently, before the in-order `commit`. */
export interface RunTarget {
  /** Counts resources by type (folder and server targets) for the summary. */
  readonly counts: Map<string, number>;
  /** What evaluation workers serialise a batch's results into for this target. */
  readonly shape: BatchShape;
  deliver?(json: string): Promise<void>;
  commit(json: string): void;
  /** A batch's output text, in the target's shape (`results` for one file, else by resource type). */
  commitTexts(texts: BatchResult['texts']): void;
}

/** FILE.ndjson: each input's result on one line, exactly as the mapping returned it. */
export function fileTarget(files: OutputFiles, path: string): RunTarget {
  files.append(path, '');
  const counts = new Map<string, number>();
  return {
    counts,
    shape: 'ndjson',
    commit(json) {
      files.append(path, `${json}\n`);
      counts.set('results', (counts.get('results') ?? 0) + 1);
    },
    commitTexts(texts) {
      for (const [, text, lines] of texts) {
        files.append(path, text);
        counts.set('results', (counts.get('results') ?? 0) + lines);
      }
    },
  };
}

/** A folder: one `<resourceType>.ndjson` per type, Bundles unpacked (FHIR bulk data layout). */
export function folderTarget(files: OutputFiles, folder: string): RunTarget {
  // files of an earlier run are cut to the checkpoint (or emptied), even for types this run may not produce again
  for (const name of listNdjson(folder)) files.append(join(folder, name), '');
  const counts = new Map<string, number>();
  const add = (type: string, text: string | Uint8Array, lines: number) => {
    files.append(join(folder, `${type}.ndjson`), text);
    counts.set(type, (counts.get(type) ?? 0) + lines);
  };
  return {
    counts,
    shape: 'split',
    commit(json) {
      for (const line of splitResources(JSON.parse(json) as unknown)) add(line.type, `${line.json}\n`, 1);
    },
    commitTexts(texts) {
      for (const [type, text, lines] of texts) add(type, text, lines);
    },
  };
}

function listNdjson(folder: string): string[] {
  try {
    return readdirSync(folder).filter((name) => name.endsWith('.ndjson') && !name.startsWith('errors'));
  } catch {
    return [];
  }
}
