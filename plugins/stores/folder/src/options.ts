import path from 'node:path';
import { z } from 'zod';
import { parseOptionalText, pickEnv } from '@mapx/plugin-api';
import {
  flagOption as flagSchema,
  integerOption as integerSchema,
  timerIntervalOption as intervalSchema,
} from '@mapx/plugin-api/zod';

const extensionSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((s) => (s.startsWith('.') ? s : `.${s}`))
  .refine((s) => s !== '.json', {
    message:
      "'.json' is reserved for aliases.json and static JSON values; choose another mapping file extension",
  })
  .refine((s) => /^\.[a-z0-9][a-z0-9._-]*$/.test(s), {
    message: 'expected a file extension such as .mapx (letters, digits, ".", "_" or "-")',
  });

export const folderStoreOptionsSchema = z.object({
  /** Folder holding the mappings; absent, blank or `n/a` → the folder store is not configured. */
  folder: z
    .string()
    .optional()
    .transform((s) => {
      const folder = parseOptionalText(s);
      return folder === undefined ? undefined : path.resolve(folder);
    }),
  fileExtension: extensionSchema.default('.mapx'),
  /** ≤ 0 disables polling. */
  pollingIntervalMs: intervalSchema.default(5000),
  /** Use `fs.watch` instead of polling. */
  watch: flagSchema.default(false),
  writeEnabled: flagSchema.default(true),
  /** Earlier versions kept per mapping in `.history/<id>/`; 0 keeps none. */
  historyMaxVersions: integerSchema.pipe(z.number().min(0).max(10_000)).default(20),
  /** Bytes of earlier versions kept per mapping. */
  historyMaxBytes: integerSchema.pipe(z.number().min(0).max(1_073_741_824)).default(1_048_576),
});

export type FolderStoreOptions = z.output<typeof folderStoreOptionsSchema>;

const ENV_TO_OPTION = {
  MAPPINGS_FOLDER: 'folder',
  MAPPINGS_FILE_EXTENSION: 'fileExtension',
  MAPPINGS_FILE_POLLING_INTERVAL_MS: 'pollingIntervalMs',
  MAPPINGS_FILE_WATCH: 'watch',
  MAPPINGS_WRITE_ENABLED: 'writeEnabled',
  MAPPINGS_HISTORY_MAX_VERSIONS: 'historyMaxVersions',
  MAPPINGS_HISTORY_MAX_BYTES: 'historyMaxBytes',
} as const;

export function folderOptionsFromEnv(env: Readonly<Record<string, string | undefined>>): unknown {
  return pickEnv(env, ENV_TO_OPTION);
}
