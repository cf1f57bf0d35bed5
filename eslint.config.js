import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      '.tmp',
      'drizzle',
      'test-results',
      'playwright-report',
      'screenshots',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Dependencies point one way: shared <- server, shared <- client.
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/server/**', '**/client/**', 'react', 'fastify', 'drizzle-orm*'] },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/client/**'] }] },
  },
  // Client zones (each block repeats the server ban: a later block's rule replaces an earlier
  // one for the files it matches). A portal area (portal/invoices, portal/tickets, ...) never
  // imports a sibling area: what two areas share lives in portal/shared, and the table of
  // screens (portal/screens.tsx) is the one place that knows them all.
  {
    files: ['src/client/portal/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'] },
            {
              regex: '^\\.\\./(?!shared/)[^./][^/]*/',
              message:
                'A portal area must not import another area; move what they share to portal/shared.',
            },
          ],
        },
      ],
    },
  },
  // ui/ and lib/ sit below the features: they never import the public site, the portal or staff.
  {
    files: ['src/client/ui/**/*.{ts,tsx}', 'src/client/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'] },
            {
              group: ['**/public/**', '**/portal/**', '**/staff/**', '**/auth/**'],
              message: 'ui/ and lib/ must not import features; pass what they need in.',
            },
          ],
        },
      ],
    },
  },
  // Features never import each other: what two modules share lives beside them in
  // src/server/modules/ (a file) or below (db/, plugins/, lib/).
  {
    files: ['src/server/modules/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**'] },
            {
              regex: '^\\.\\./[^./][^/]*/',
              message: 'A module must not import another module; share the code beside them.',
            },
          ],
        },
      ],
    },
  },
);
