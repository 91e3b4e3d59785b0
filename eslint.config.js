import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const webSource = path.join(import.meta.dirname, 'apps/web/src');
/** One zone per feature of apps/web/src/features: it may import itself, not another feature. */
const featureZones = fs.readdirSync(path.join(webSource, 'features')).map((feature) => ({
  target: `./features/${feature}`,
  from: './features',
  except: [`./${feature}`],
  message: 'A feature does not import another feature: move what both need to lib/ or components/.',
}));
/**
 * What import-x needs to follow imports between TypeScript files (its default reads .js only, and then sees
 * no cycle): the extensions it parses, with which parser, and how it resolves them (one project's tsconfig:
 * resolving against every project of the repository is much slower).
 */
const importSettings = (project) => ({
  'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
  'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
  'import-x/resolver-next': [createTypeScriptImportResolver({ project })],
});
const sharedZone = (from) => ({
  target: ['./lib', './components'],
  from,
  message: 'Shared code (lib/, components/) imports neither a feature nor the app.',
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // The server's keys, codes, salts and tokens come from node:crypto: Math.random is predictable from a few of its
    // outputs. The outbox's retry delay is its one use on the server, a spread of retries, not a secret.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/modules/outbox/outbox-dispatcher.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'Not for secrets: use node:crypto (randomBytes, randomInt, randomUUID).',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      // process.env is read in one place on the server (config.ts); the browser has none.
      'no-restricted-globals': ['error', 'process'],
    },
  },
  {
    // Imports in the web app run one way, shared (lib/, components/) → features → app (ARCHITECTURE.md,
    // "Lessons"): a feature can then be read, changed or removed without touching another, and what two
    // features need lives once, below both. A wrong import fails the lint, and so does a cycle.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: importSettings('apps/web/tsconfig.json'),
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: webSource, zones: [...featureZones, sharedZone(['./features'])] },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tests may import the app (its theme, its top bar), as the render helpers of test/ do; the code may not.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: webSource,
          zones: [
            ...featureZones,
            sharedZone(['./features', './app']),
            {
              target: './features',
              from: './app',
              message: 'A feature does not import the app: the app imports features.',
            },
          ],
        },
      ],
    },
  },
  {
    // The API has no import cycle either. Type-only imports (app.ts's AppDependencies in the route files) are
    // not cycles at run time and are not counted.
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings('apps/api/tsconfig.json'),
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Nor do the contracts, which both import.
    files: ['packages/contracts/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings('packages/contracts/tsconfig.json'),
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
