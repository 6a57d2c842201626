/** Files under /api-docs/ the docs page loads: ours, then those of the `swagger-ui-dist` package. */
export const OWN_API_DOCS_FILES = ['api-docs.js', 'api-docs.css'] as const;
export const SWAGGER_UI_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'] as const;

const PAGE_PATHS = new Set([
  '/api-docs',
  ...[...OWN_API_DOCS_FILES, ...SWAGGER_UI_FILES].map((f) => `/api-docs/${f}`),
]);

/**
 * The page and its files, exactly as the router would match them (with one trailing slash at most); never the
 * OpenAPI document, which follows the auth policy.
 */
export function isApiDocsPagePath(path: string): boolean {
  return PAGE_PATHS.has(path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
}
