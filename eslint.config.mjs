// ESLint flat config: typescript-eslint's type-aware rules on every TypeScript source, and eslint-plugin-boundaries
// enforcing the "may import" table of docs/ARCHITECTURE.md (a violation is an error, so CI fails on it).
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

/** Who may import whom: the table in docs/ARCHITECTURE.md, as data. Apps never import each other. */
const mayImport = {
  contracts: [],
  db: [],
  auth: ['contracts'],
  platform: ['contracts', 'db', 'auth'],
  engine: ['contracts'],
  'kb-import': ['engine'],
  testing: ['auth', 'contracts'],
  client: ['contracts'],
  api: ['contracts', 'db', 'auth', 'platform', 'engine', 'testing', 'client'],
  admin: ['contracts', 'db', 'auth', 'platform', 'engine', 'kb-import', 'testing'],
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      '**/.vigil/**',
      '**/test/.generated-client/**',
      'apps/admin/src/dashboard/web/**',
      'bench/**',
      'scripts/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  {
    files: ['apps/*/src/**/*.ts', 'apps/*/test/**/*.ts', 'packages/*/src/**/*.ts', 'packages/*/test/**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { project: ['apps/*/tsconfig.typecheck.json', 'packages/*/tsconfig.typecheck.json'], tsconfigRootDir: import.meta.dirname },
    },
    plugins: { boundaries },
    settings: {
      'boundaries/elements': Object.keys(mayImport).map((name) => ({ type: name, pattern: `${name === 'api' || name === 'admin' ? 'apps' : 'packages'}/${name}` })),
      'boundaries/include': ['apps/*/**', 'packages/*/**'],
      'import/resolver': { node: { extensions: ['.ts', '.js', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: Object.entries(mayImport).map(([name, allowed]) => ({
            from: { element: { type: name } },
            allow: { to: { element: { types: { anyOf: [name, ...allowed] } } } },
          })),
        },
      ],
      // Packages are consumed through their `exports` only: no deep imports into another package's files.
      // Async methods that implement a Promise-returning interface (throttler storage, database stop) need no await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@vigil/*/src/*', '@vigil/*/dist/*', '**/packages/*/src/*', '**/apps/*/src/*'],
              message: 'import a package through its exports (@vigil/<name>), never its files',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON bodies as `any`: the bodies are validated against the contracts by ResponseConformance
    // (API e2e) and typing each one again in the test would be noise.
    files: ['**/test/**/*.ts', '**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
