import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputFiles } from './output-files.js';
import { splitResources } from './split-resources.js';

/** Where results go. `deliver` (optional) runs concurrently, before the in-order `commit`. */
export interface RunTarget {
  /** Counts resources by type (folder and server targets) for the summary. */
  readonly counts: Map<string, number>;
  deliver?(json: string): Promise<void>;
  commit(json: string): void;
}

/** FILE.ndjson: each input's result on one line, exactly as the mapping returned it. */
export function fileTarget(files: OutputFiles, path: string): RunTarget {
  files.append(path, '');
  const counts = new Map<string, number>();
  return {
    counts,
    commit(json) {
      files.append(path, `${json}\n`);
      counts.set('results', (counts.get('results') ?? 0) + 1);
    },
  };
}

/** A folder: one `<resourceType>.ndjson` per type, Bundles unpacked (FHIR bulk data layout). */
export function folderTarget(files: OutputFiles, folder: string): RunTarget {
  // files of an earlier run are cut to the checkpoint (or emptied), even for types this run may not produce again
  for (const name of listNdjson(folder)) files.append(join(folder, name), '');
  const counts = new Map<string, number>();
  return {
    counts,
    commit(json) {
      for (const line of splitResources(JSON.parse(json) as unknown)) {
        files.append(join(folder, `${line.type}.ndjson`), `${line.json}\n`);
        counts.set(line.type, (counts.get(line.type) ?? 0) + 1);
      }
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
