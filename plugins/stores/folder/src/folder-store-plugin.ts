import { createRequire } from 'node:module';
import { PLUGIN_API_VERSION, defineStore } from '@mapx/plugin-api';
import { folderOptionsFromEnv, folderStoreOptionsSchema } from './options.js';
import { createFolderStore } from './create-folder-store.js';

// src/ and dist/ both sit beside package.json, so the version is read from one place in either layout.
const manifest = createRequire(import.meta.url)('../package.json') as { name: string; version: string };

/** The `folder` mapping store: `MAPPINGS_FOLDER` (mapping-language §9.7). */
export const folderStorePlugin = defineStore({
  meta: {
    packageName: manifest.name,
    version: manifest.version,
    id: 'folder',
    apiVersion: PLUGIN_API_VERSION,
    description: 'Saved mappings, aliases and static JSON values from a folder of files',
  },
  optionsSchema: folderStoreOptionsSchema,
  optionsFromEnv: folderOptionsFromEnv,
  async create(options, ctx) {
    const { folder } = options;
    if (folder === undefined) return null;
    return createFolderStore({ ...options, folder }, ctx.logger);
  },
});
