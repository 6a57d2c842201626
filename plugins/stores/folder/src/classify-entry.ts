import { isValidMappingId } from '@mapx/plugin-api';
import { BINDING_KEY_PATTERN } from './mapping-key.js';
import { isTempFileName } from './temp-file-name.js';

export type FolderEntry =
  | { readonly kind: 'mapping'; readonly key: string }
  | { readonly kind: 'aliases' }
  | { readonly kind: 'static'; readonly key: string }
  /** A write in progress, or one a crash left behind. */
  | { readonly kind: 'temp' }
  /** Dot-files (editor swap files, `.DS_Store`): skipped silently. */
  | { readonly kind: 'hidden' }
  | { readonly kind: 'ignored'; readonly reason: string };

/** What a top-level file of the mappings folder contributes (mapping-language §9.7). */
export function classifyEntry(fileName: string, extension: string): FolderEntry {
  if (isTempFileName(fileName)) return { kind: 'temp' };
  if (fileName.startsWith('.')) return { kind: 'hidden' };
  if (fileName.endsWith(extension)) {
    const key = fileName.slice(0, -extension.length);
    return isValidMappingId(key)
      ? { kind: 'mapping', key }
      : {
          kind: 'ignored',
          reason:
            'mapping ids must start with a letter, contain only letters and digits, and be at most 64 characters',
        };
  }
  if (fileName.endsWith('.json')) {
    const key = fileName.slice(0, -'.json'.length);
    if (key === 'aliases') return { kind: 'aliases' };
    return BINDING_KEY_PATTERN.test(key)
      ? { kind: 'static', key }
      : { kind: 'ignored', reason: 'static value names may contain only letters, digits and "_"' };
  }
  return { kind: 'ignored', reason: `neither a mapping (*${extension}) nor a JSON value (*.json)` };
}
