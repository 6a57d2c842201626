// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Layering (docs/architecture.md §2): imports go downward only. */
const ours = (...names) =>
  names.map((n) => ({ group: [n, `${n}/*`], message: `layering: ${n} may not be imported here` }));
const layer = (files, forbidden, extra = []) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [...ours(...forbidden), ...extra] }] },
});
const all = [
  '@mapx/plugin-api',
  '@mapx/xml',
  '@mapx/hl7v2',
  '@mapx/fhir',
  '@mapx/fhir-client',
  '@mapx/engine',
  '@mapx/api',
  '@mapx/service',
  '@mapx/plugin-testkit',
  '@mapx/auth',
  '@mapx/normalizer-*',
  '@mapx/store-*',
  '@mapx/designer',
];
const except = (...keep) => all.filter((n) => !keep.includes(n));
const noFastify = [
  { group: ['fastify', 'fastify-plugin', '@fastify/*'], message: 'layering: plugins never import Fastify' },
];

export default tseslint.config(
  {
    ignores: [
      'bench/results/**',
      '**/dist/**',
      '**/out/**',
      '**/node_modules/**',
      'coverage/**',
      'e2e/artifacts/**',
      'apps/designer/**/*.js',
      'shared/fhir/packages/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  layer(['shared/plugin-api/**'], all),
  // internal helpers shared by built-in plugins: they import nothing of ours
  layer(['shared/xml/**'], all),
  layer(['shared/hl7v2/**'], all),
  layer(['shared/fhir/**'], except('@mapx/fhir')),
  // the one FHIR REST client: imports nothing of ours, so the engine and the FHIR-server store can share it
  layer(['shared/fhir-client/**'], except('@mapx/fhir-client')),
  layer(['shared/fhir-client/**/*.test.ts'], except('@mapx/fhir-client', '@mapx/plugin-testkit')),
  layer(['shared/engine/**'], except('@mapx/engine', '@mapx/fhir', '@mapx/fhir-client')),
  // engine tests may start the real FHIR test server of the testkit (a devDependency, never shipped code)
  layer(
    ['shared/engine/**/*.test.ts'],
    except('@mapx/engine', '@mapx/fhir', '@mapx/fhir-client', '@mapx/plugin-testkit'),
  ),
  layer(['shared/api/**'], except('@mapx/api', '@mapx/hl7v2')),
  layer(['shared/plugin-testkit/**'], except('@mapx/plugin-testkit', '@mapx/plugin-api')),
  layer(
    ['plugins/**/src/**'],
    except('@mapx/plugin-api', '@mapx/plugin-testkit', '@mapx/xml', '@mapx/hl7v2', '@mapx/fhir-client'),
    noFastify,
  ),
  layer(['apps/service/**'], ['@mapx/designer', '@mapx/auth', '@mapx/normalizer-*', '@mapx/store-*']),
  layer(['apps/designer/src/renderer/**'], except('@mapx/api'), [
    { group: ['electron', 'node:*'], message: 'layering: the renderer talks HTTP only' },
  ]),
  layer(['apps/designer/src/preload/**'], all),
);
