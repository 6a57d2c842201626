import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, defaultClientConditions, type UserConfig } from 'vite';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * The renderer build, kept as a plain object so that a later `electron.vite.config.ts` can reuse it as its
 * `renderer` section unchanged (electron-vite's default renderer root is `src/renderer` too).
 *
 * `base: './'` makes every asset URL relative, so one build works under the service's `/designer/` and
 * under Electron's `app://` scheme.
 */
export const rendererConfig: UserConfig = {
  root: here('./src/renderer'),
  base: './',
  plugins: [react()],
  resolve: {
    // Workspace packages (`@mapx/api`) resolve to their TypeScript sources: no prior `tsc -b` needed.
    conditions: ['@mapx/source', ...defaultClientConditions],
  },
  build: {
    outDir: here('./dist/renderer'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
    sourcemap: false,
  },
  worker: { format: 'es' },
  server: {
    // `npm run dev -w @mapx/designer`: the page talks to a locally running service through `/api/`.
    proxy: {
      '/api/': {
        target: process.env['MAPX_DESIGNER_DEV_SERVICE'] ?? 'http://127.0.0.1:42420',
        rewrite: (path) => path.replace(/^\/api/, ''),
      },
    },
  },
};

export default defineConfig(rendererConfig);
