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
  // --- Server layers (issue 15): app -> modules -> services -> db -> (config, lib), never
  // upward. Plugins wire services into Fastify (modules may use their guards); the seed and
  // the backup tools sit beside what they use. Each folder lists what it must not import.
  ...serverLayers({
    'src/server/{lib/**,config}.ts': ['db', 'services', 'plugins', 'modules', 'seed', 'backup'],
    // Mail layout and parts: presentation only, beside lib.
    'src/server/mail/**/*.{ts,tsx}': ['db', 'services', 'plugins', 'modules', 'seed', 'backup'],
    'src/server/db/**/*.ts': ['services', 'plugins', 'modules', 'seed', 'backup'],
    'src/server/services/**/*.{ts,tsx}': ['plugins', 'modules', 'seed', 'backup'],
    'src/server/seed/**/*.ts': ['plugins', 'modules', 'backup'],
    'src/server/plugins/**/*.ts': ['modules', 'seed', 'backup'],
    'src/server/modules/*.ts': ['seed', 'backup'],
    'src/server/modules/*/**/*.{ts,tsx}': ['seed', 'backup'],
  }),
  // --- end of server layers
  // --- No test waits on the clock (issue 34): a test waits for the condition it needs, never a
  // fixed pause. The allow-list is the `eslint-disable-next-line no-restricted-syntax -- reason`
  // comments themselves (fixtures that simulate slow work, a load generator's pacing); keep it short.
  {
    files: ['**/*.test.{ts,tsx}', 'tests/e2e/**/*.{ts,tsx}', 'src/server/test/**/*.{ts,tsx}'],
    ignores: ['bench/**'],
    rules: { 'no-restricted-syntax': ['error', ...noFixedPauses()] },
  },
);

/** The `no-restricted-syntax` selectors of a fixed pause in test code, each with the one message. */
function noFixedPauses() {
  const message =
    'A fixed pause in test code: wait for the condition (vi.waitFor, expect.poll, Playwright auto-waiting) or use fake timers; a real pause needs an eslint-disable-next-line with the reason.';
  const promiseExecutor = "NewExpression[callee.name='Promise'] > :function";
  return [
    // page.waitForTimeout(1500), frame.waitForTimeout(...), ...
    "CallExpression[callee.property.name='waitForTimeout']",
    // new Promise((r) => setTimeout(r, ms)) and new Promise((resolve) => { setTimeout(resolve, ms); })
    `${promiseExecutor} CallExpression[callee.name='setTimeout'][arguments.0.type='Identifier']`,
    // new Promise((r) => setTimeout(() => r(), ms)); a deadline's `() => reject(...)` is no pause
    `${promiseExecutor} CallExpression[callee.name='setTimeout'][arguments.0.type='ArrowFunctionExpression'][arguments.0.body.type='CallExpression'][arguments.0.body.callee.type='Identifier']:not([arguments.0.body.callee.name=/^rej/])`,
    // sleep(300), delay(100), pause(50), page.pause()
    'CallExpression[callee.name=/^(sleep|delay|pause)$/]',
    'CallExpression[callee.property.name=/^(sleep|delay|pause)$/]',
    // import { setTimeout } from 'node:timers/promises' (its setTimeout is a sleep)
    "ImportDeclaration[source.value=/^(node:)?timers.promises$/] > ImportSpecifier[imported.name='setTimeout']",
  ].map((selector) => ({ selector, message }));
}

/**
 * One `no-restricted-imports` block per server folder: never the client, never `app.ts`,
 * never the folders above it; and (modules only) never a sibling module: what two modules
 * share lives beside them in src/server/modules/ or in a service. Production files only:
 * a test may reach any layer to set up its case.
 */
function serverLayers(above) {
  const layer = (files, forbidden, extra = []) => ({
    files: [files],
    ignores: ['src/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**'], message: 'The server never imports the client.' },
            ...(forbidden.length
              ? [
                  {
                    regex: `(^|/)(${forbidden.join('|')})(/|\\.ts$)`,
                    message:
                      'Imports point down the layers: app -> modules -> services -> db -> (config, lib).',
                  },
                ]
              : []),
            ...extra,
          ],
        },
      ],
    },
  });
  return [
    layer('src/server/**/*.{ts,tsx}', []),
    ...Object.entries(above).map(([files, folders]) =>
      layer(
        files,
        ['app', ...folders],
        files.startsWith('src/server/modules/*/')
          ? [
              {
                regex: '^\\.\\./[^./][^/]*/',
                message: 'A module must not import another module; share the code beside them.',
              },
            ]
          : [],
      ),
    ),
  ];
}
