import { join, resolve } from 'node:path';

/** Where the built pieces are, in development (`electron-vite`) and in the packaged app. */
export function desktopPaths(here: string, packaged: boolean, resourcesPath: string, env: NodeJS.ProcessEnv) {
  const devService = resolve(here, '../../../service/dist/main.js');
  const packagedService = join(
    resourcesPath,
    'service',
    'node_modules',
    '@mapx',
    'service',
    'dist',
    'main.js',
  );
  return {
    renderer: resolve(here, '../renderer'),
    preload: resolve(here, '../preload/index.cjs'),
    service: env['MAPX_DESIGNER_SERVICE_ENTRY'] || (packaged ? packagedService : devService),
  };
}
