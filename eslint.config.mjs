// `npm run lint:code`: ESLint over the site's TypeScript, React and Node scripts, with zero warnings
// allowed. Formatting is Prettier's job (`npm run format:check`), so no stylistic rules here.
import js from '@eslint/js';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Generated output, installed packages and test artefacts.
    ignores: [
      'build/',
      '.docusaurus/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'tests/fixtures/**/build/',
    ],
  },
  {linterOptions: {reportUnusedDisableDirectives: 'error'}},
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Components, pages and theme swizzles run in the browser (and in Node for the static render).
    files: ['src/**/*.{ts,tsx,js,jsx}'],
    ...react.configs.flat.recommended,
    ...react.configs.flat['jsx-runtime'],
    plugins: {react, 'react-hooks': reactHooks},
    languageOptions: {
      ...react.configs.flat.recommended.languageOptions,
      globals: {...globals.browser, ...globals.node},
    },
    settings: {react: {version: 'detect'}},
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      // Props are typed with TypeScript (`import type {Props} from '@theme/X'`), not prop-types.
      'react/prop-types': 'off',
    },
  },
  {
    // Configuration, sidebars, Node scripts, Playwright specs and the content tests run in Node.
    files: [
      '*.{ts,mjs,js}',
      'scripts/**/*.{mjs,js,ts}',
      'server/**/*.mjs',
      'tests/**/*.ts',
      'tests/*.mjs',
      'tests/content/**/*.mjs',
      'src/plugins/**/*.{ts,js}',
    ],
    languageOptions: {globals: globals.node},
  },
  {
    // The search worker runs in a web worker (and in Node for the relevance tests).
    files: ['src/plugins/search/worker.mjs'],
    languageOptions: {globals: globals.worker},
  },
  {
    // Playwright's page.evaluate callbacks, the cross-engine journeys and the screenshot script's
    // callbacks run in the browser.
    files: ['tests/**/*.ts', 'tests/engines/**/*.mjs', 'scripts/review/**/*.mjs'],
    languageOptions: {globals: {...globals.node, ...globals.browser}},
  },
  {
    // Unused arguments and variables are mistakes, except deliberate `_name` placeholders.
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none'},
      ],
    },
  },
);
