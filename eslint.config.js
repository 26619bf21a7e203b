// ESLint (typescript-eslint) with the dependency direction of STYLE.md enforced as rules:
// engine imports nothing of ours and touches no platform; server, web and cli never import each other;
// inside web/, features never import each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';

const ours = (...dirs) => dirs.flatMap((d) => [`**/${d}/**`, `../${d}/*`, `../../${d}/*`, `../../../${d}/*`]);
const NODE_BUILTINS = [
  'node:*',
  'fs',
  'path',
  'os',
  'child_process',
  'crypto',
  'url',
  'util',
  'http',
  'https',
  'net',
  'stream',
  'worker_threads',
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'web/dist/**', 'data/**', 'artifacts/**', 'tests/e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Prettier (.prettierrc.json) breaks code at 120; strings and URLs it cannot break may run longer; comments not.
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true, ignoreRegExpLiterals: true },
      ],
    },
  },
  {
    files: ['engine/**/*.ts'],
    ignores: ['engine/**/*.test.ts', 'engine/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: NODE_BUILTINS.filter((n) => !n.includes('*')).map((name) => ({
            name,
            message: 'engine/ is isomorphic: no Node built-ins.',
          })),
          patterns: [
            { group: ['node:*'], message: 'engine/ is isomorphic: no Node built-ins.' },
            { group: ours('server', 'web', 'cli', 'tests', 'bench'), message: 'engine/ imports nothing of ours.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'process',
          'window',
          'document',
          'fetch',
          'localStorage',
          'sessionStorage',
          'navigator',
          'require',
          'Buffer',
          '__dirname',
          'setTimeout',
          'setInterval',
          'crypto',
        ].map((name) => ({ name, message: 'engine/ is pure: the caller passes platform facts in.' })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Date'][property.name='now']",
          message: 'engine/ never reads the clock: take today from the context.',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'engine/ never reads the clock: take today from the context.',
        },
        {
          selector: "MemberExpression[object.name='Math'][property.name='random']",
          message: 'engine/ is deterministic.',
        },
        { selector: "MemberExpression[object.name='console']", message: 'engine/ returns values; it does not log.' },
      ],
    },
  },
  // The data layer is async: a promise not awaited, or tested as a condition, is a lost write or a wrong answer.
  {
    files: ['server/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts', 'cli/**/*.ts', 'sim/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ours('web', 'cli'), message: 'server/ imports engine only, never web/ or cli/.' }] },
      ],
    },
  },
  {
    files: ['cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ours('web', 'server'), message: 'cli/ imports engine only, never web/ or server/.' }] },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ours('server', 'cli'), message: 'web/ imports engine only, never server/ or cli/.' }] },
      ],
    },
  },
  // One block per feature: a feature may import shared code, never another feature.
  ...features().map((name) => ({
    files: [`web/features/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ours('server', 'cli'), message: 'web/ imports engine only, never server/ or cli/.' },
            {
              group: [`**/features/!(${name})/**`, `**/features/!(${name})`],
              message: 'features never import each other: compose them in app/.',
            },
          ],
        },
      ],
    },
  })),
);

function features() {
  const dir = new URL('./web/features/', import.meta.url);
  return existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
}
