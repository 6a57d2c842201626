import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import { rendererConfig } from './vite.config.js';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * One build for the three parts: `dist/main` (ESM), `dist/preload/index.cjs` (CommonJS, fully bundled: a
 * sandboxed preload can neither `import` nor `require` anything but `electron`) and `dist/renderer` (the same
 * build the service serves at `/designer/`, relative base `./`).
 */
export default defineConfig({
  main: {
    build: {
      outDir: here('./dist/main'),
      rolldownOptions: { input: { index: here('./src/main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: here('./dist/preload'),
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: here('./src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: rendererConfig,
});
