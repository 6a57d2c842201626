import { fileURLToPath } from 'node:url';

/** The designer's built renderer (`npm run build` writes it), served at /designer. */
export const DESIGNER_DIST = fileURLToPath(new URL('../../designer/dist/renderer/', import.meta.url));
