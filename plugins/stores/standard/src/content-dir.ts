import { fileURLToPath } from 'node:url';

/** The package folder: src/ and dist/ both sit beside package.json, mappings/ and conceptmaps/. */
export const PACKAGE_DIR = fileURLToPath(new URL('../', import.meta.url));
