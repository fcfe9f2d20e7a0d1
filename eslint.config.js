import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import fs from 'node:fs';
import noModuleCycle from './eslint-rules/no-module-cycle.js';

/** Drizzle tables and query builders: only repositories (and db/) import them. */
const repositoryOnly = [
  {
    group: ['**/db/schema', '**/db/schema/*', 'drizzle-orm', 'drizzle-orm/*'],
    allowTypeImports: true,
    message: 'Only repositories (*.repository.ts) and db/ query the database; call a repository.',
  },
];

/** Another module's repository: its data is reached through that module's service. */
const otherModulesRepository = {
  group: ['../*/*.repository', '../*/*.repository.ts'],
  message: "Reach another module's data through its service (<module>.service.ts), not its repository.",
};

// Features are the folders under apps/<app>/src/features, so a new feature is covered by
// the boundary rule below without editing this file.
const featuresOf = (app) =>
  fs
    .readdirSync(new URL(`./apps/${app}/src/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** Features never import each other: pages that combine features live in src/app. */
const featureZones = (app) =>
  featuresOf(app).map((f) => ({
    target: `./apps/${app}/src/features/${f}`,
    from: `./apps/${app}/src/features`,
    except: [`./${f}`],
    message: 'Features never import each other; compose them in src/app.',
  }));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'apps/api/drizzle/**',
      'e2e/test-results/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/extensions': ['.ts', '.tsx', '.js'],
      // Dependencies are never parsed for import rules (no-cycle would read every package).
      'import/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      // Features never import each other: pages that combine features live in src/app.
      'import/no-restricted-paths': ['error', { zones: featureZones('web') }],
    },
  },
  {
    files: ['apps/backoffice/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones('backoffice'),
            {
              // shared components know nothing of the apps that use them
              target: './packages/ui',
              from: './apps',
              message: 'packages/ui is used by the apps; it never imports from them.',
            },
            {
              // one app never reaches into another: shared code goes to packages/ui or packages/shared
              target: './apps/backoffice',
              from: './apps/web',
              message: 'Do not copy or import code between apps: move it to packages/ui or packages/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts', 'packages/shared/src/**/*.ts'],
    plugins: { bilheteira: { rules: { 'no-module-cycle': noModuleCycle } } },
    rules: {
      // No import cycles between files, nor between API modules (wallet ⇄ refunds).
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'bilheteira/no-module-cycle': 'error',
    },
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.test.ts', '**/*.ops.ts'],
    rules: {
      // Only repositories (and db/, seed, ops, tests) query the database; another module's
      // data is reached through its service.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [...repositoryOnly, otherModulesRepository] },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.routes.ts'],
    rules: {
      // Routes call services; only services talk to repositories.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.repository', '**/*.repository.ts'],
              message: 'Routes never import repositories; call a service.',
            },
            ...repositoryOnly,
            otherModulesRepository,
          ],
        },
      ],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      // Small modules with one job: a file or a function past these sizes is split.
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['apps/api/src/config.ts', 'apps/api/src/ops.ts', '**/*.test.{ts,tsx}'],
    rules: {
      // Configuration is read and validated once, in apps/api/src/config.ts.
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration from apps/api/src/config.ts (app.config), not process.env.',
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/plugins/http-helpers.ts', '**/*.test.ts'],
    rules: {
      // HTTP helpers (audit actor, Idempotency-Key) live once, in plugins/http-helpers.ts.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            ':matches(FunctionDeclaration, VariableDeclarator)[id.name=/^(actorOf|auditActor|customerActor|idempotencyKey)$/]',
          message: 'HTTP helpers live in plugins/http-helpers.ts; import them from there.',
        },
        {
          selector: "MemberExpression[property.value='idempotency-key']",
          message: 'Read the Idempotency-Key header with idempotencyKey() from plugins/http-helpers.ts.',
        },
      ],
    },
  },
);
