import { standardStorePlugin } from './standard-store-plugin.js';

export default standardStorePlugin;
export type { StandardStoreOptions } from './options.js';
