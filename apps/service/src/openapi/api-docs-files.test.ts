import { describe, expect, it } from 'vitest';
import { isApiDocsPagePath } from './api-docs-files.js';

describe('the API docs paths that skip the auth policy', () => {
  it('are the page and its five files, with one trailing slash at most', () => {
    for (const path of [
      '/api-docs',
      '/api-docs/',
      '/api-docs/api-docs.js',
      '/api-docs/api-docs.css',
      '/api-docs/swagger-ui.css',
      '/api-docs/swagger-ui-bundle.js',
      '/api-docs/favicon-32x32.png/',
    ])
      expect(isApiDocsPagePath(path), path).toBe(true);
  });

  it('never the document, other names, encodings or look-alikes', () => {
    for (const path of [
      '/api-docs/openapi.json',
      '/api-docs/openapi.json/',
      '/api-docs/openapi%2Ejson',
      '/api-docs/swagger-ui-bundle%2Ejs',
      '/api-docs/package.json',
      '/api-docs//',
      '/API-DOCS',
      '/api-docs/swagger-ui.css//',
      '/api-docsx',
      '/Mapping/x',
    ])
      expect(isApiDocsPagePath(path), path).toBe(false);
  });
});
