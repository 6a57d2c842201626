import { folderStorePlugin } from './folder-store-plugin.js';

export default folderStorePlugin;
export type { FolderStoreOptions } from './options.js';
