import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { requireCommonJs } from '../require-commonjs.js';
import type { SWAGGER_UI_FILES } from './api-docs-files.js';

/** The files of the `swagger-ui-dist` package the API docs page loads; nothing else of the package is served. */
const ASSETS: Readonly<Record<(typeof SWAGGER_UI_FILES)[number], string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

export interface Asset {
  readonly type: string;
  readonly body: Buffer;
}

const cache = new Map<string, Asset>();

/** One of the page's Swagger UI files, read once; undefined for any other name. */
export function swaggerUiAsset(name: string): Asset | undefined {
  if (!Object.hasOwn(ASSETS, name)) return undefined;
  let asset = cache.get(name);
  if (!asset) {
    const dir = dirname(requireCommonJs.resolve('swagger-ui-dist/package.json'));
    asset = { type: ASSETS[name as keyof typeof ASSETS], body: readFileSync(join(dir, name)) };
    cache.set(name, asset);
  }
  return asset;
}

/** The bundled Swagger UI's version, for cache-busting asset URLs. */
export function swaggerUiVersion(): string {
  const pkg = requireCommonJs('swagger-ui-dist/package.json') as { version: string };
  return pkg.version;
}
