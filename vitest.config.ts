import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources through the `@mapx/source` export condition,
// so unit and integration tests run without a build.
const conditions = ['@mapx/source', 'import', 'module', 'node', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: [
      '{apps,shared,plugins}/**/src/**/*.test.ts',
      '{apps,shared,plugins}/**/test/**/*.test.ts',
      'scripts/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    globalSetup: ['scripts/vitest-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.vitest-report.json' },
  },
});
