import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The designer's built renderer, served at /designer: in an installed @mapx/service package the copy packed
 * into it (`designer/`, staged by scripts/pack/stage-designer.mjs), in this repository the designer workspace's
 * own build output (`npm run build` writes it).
 */
const PACKED = fileURLToPath(new URL('../designer/', import.meta.url));
const WORKSPACE = fileURLToPath(new URL('../../designer/dist/renderer/', import.meta.url));

export const DESIGNER_DIST = existsSync(PACKED) ? PACKED : WORKSPACE;
