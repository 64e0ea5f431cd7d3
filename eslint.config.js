import { readdirSync, existsSync } from 'node:fs'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { importX, createNodeResolver } from 'eslint-plugin-import-x'

const UI_AND_SERVER = [
  {
    group: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    message: 'src/lib and src/machines stay free of React.',
  },
  {
    group: ['@tanstack/*', '@radix-ui/*', 'cmdk', 'react-hotkeys-hook', 'i18next', 'react-i18next'],
    message: 'src/lib and src/machines stay free of UI libraries.',
  },
  {
    group: [
      '**/server/**',
      'hono',
      'hono/*',
      '@hono/*',
      'drizzle-orm',
      'drizzle-orm/*',
      'pg',
      '@electric-sql/*',
      'node:*',
    ],
    message: 'src/lib and src/machines are isomorphic: no server or Node imports.',
  },
  {
    group: ['**/features/**', '**/routes/**', '**/shell/**', '**/api/**'],
    message: 'src/lib and src/machines import nothing from the console.',
  },
]

// DESIGN §3: the server never imports the console's screens (src/lib, src/machines, src/resources
// and src/i18n are isomorphic and shared).
const SERVER_BASE = [
  {
    group: [
      '**/src/features/**',
      '**/src/domain/**',
      '**/src/components/**',
      '**/src/routes/**',
      '**/src/shell/**',
      '**/src/api/**',
    ],
    message: 'The server never imports the console (DESIGN §3).',
  },
  { group: ['react', 'react-dom', 'react/*'], message: 'No React on the server.' },
]
const MODULES = ['**/modules', '**/modules/**', '../modules/**']
const NO_MODULE =
  'server/db, server/ledger, server/channels and server/jobs import no module (DESIGN §3).'

// DESIGN §3: features never import each other; routes compose them.
const features = existsSync('src/features') ? readdirSync('src/features') : []
const featureBoundaries = features.map((own) => ({
  files: [`src/features/${own}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: features
              .filter((f) => f !== own)
              .flatMap((f) => [`**/features/${f}`, `**/features/${f}/**`, `../${f}`, `../${f}/**`]),
            message: 'Features never import each other; compose them in src/routes.',
          },
          { group: ['**/routes/**'], message: 'Features do not import routes.' },
        ],
      },
    ],
  },
}))

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-*',
      'data',
      'src/routeTree.gen.ts',
      'src/api/schema.d.ts',
      'test-results',
      'playwright-report',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/lib/**/*.ts', 'src/machines/**/*.ts', 'src/resources/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: UI_AND_SERVER }] },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: SERVER_BASE }] },
  },
  {
    // DESIGN §3: the core layers import no module. Modules subscribe to the channels' events,
    // hand their jobs to the job system (server/periodicJobs.ts) and their demo data to
    // server/demo; the ledger alone names its accounts. Their tests use the whole harness.
    files: ['server/db/**/*.ts', 'server/ledger/**/*.ts', 'server/channels/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...SERVER_BASE, { group: MODULES, message: NO_MODULE }] },
      ],
    },
  },
  {
    files: ['server/jobs/**/*.ts'],
    ignores: ['server/jobs/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...SERVER_BASE,
            {
              group: [
                ...MODULES,
                '../channels/**',
                '../ledger/**',
                '../cards/**',
                '../telemetry/**',
                '../mail/**',
                '../periodicJobs',
              ],
              message: 'server/jobs imports no module: modules hand it their jobs (DESIGN §3).',
            },
          ],
        },
      ],
    },
  },
  {
    // DESIGN §3: a module is routes / service / queries; no function of it grows past about
    // 150 lines (split a long registration into the groups of routes it mounts).
    files: ['server/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // DESIGN §3: no import cycles anywhere. Type-only imports vanish at run time, so they may
    // point back; a value import that closes a loop fails.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The imported files are TypeScript too: parse them to follow their imports.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: {
      'import-x/no-cycle': [
        'error',
        { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false },
      ],
    },
  },
  {
    // DESIGN §3: components, domain and the shell never import features (routes compose them).
    files: ['src/components/**/*.{ts,tsx}', 'src/domain/**/*.{ts,tsx}', 'src/shell/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/routes/**'],
              message:
                'Components, domain and the shell never import features or routes (DESIGN §3).',
            },
          ],
        },
      ],
    },
  },
  {
    // docs/console-shell.md "What loads when": a route's search validation is in the route tree,
    // which every page (/login too) loads; schemas reach it only through lazy imports.
    files: ['src/routes/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'zod',
                'zod/*',
                '**/src/resources/*',
                '../../resources/*',
                '../../features/*/resource',
                '../../features/*/*Resource',
              ],
              message:
                'Route files load schemas lazily: lazyListRoute / lazyFormRoute / lazySearch (docs/console-shell.md).',
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
)
