import path from 'node:path';
import { z } from 'zod';
import { parseFlag, parseOptionalText, pickEnv } from '@mapx/plugin-api';
import { PACKAGE_DIR } from './content-dir.js';

const flagSchema = z
  .custom<unknown>((v) => parseFlag(v) !== undefined, {
    message: 'MAPX_STANDARD_MAPPINGS must be on or off (also true/false, 1/0, yes/no)',
  })
  .transform((v) => parseFlag(v)!);

export const standardStoreOptionsSchema = z.object({
  /** The standard mappings are served unless this is false (`MAPX_STANDARD_MAPPINGS=off`). */
  enabled: flagSchema.default(true),
  /**
   * The folder holding mappings/ and conceptmaps/ (only through MAPX_PLUGIN_OPTIONS): the package's own content
   * unless an operator ships a replacement set, or a test its own.
   */
  contentDir: z
    .string()
    .optional()
    .transform((s) => {
      const dir = parseOptionalText(s);
      return dir === undefined ? PACKAGE_DIR : path.resolve(dir);
    }),
});

export type StandardStoreOptions = z.output<typeof standardStoreOptionsSchema>;

const ENV_TO_OPTION = { MAPX_STANDARD_MAPPINGS: 'enabled' } as const;

export function standardOptionsFromEnv(env: Readonly<Record<string, string | undefined>>): unknown {
  return pickEnv(env, ENV_TO_OPTION);
}
