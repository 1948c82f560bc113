// Lint: TypeScript rules plus the architecture's import rules (design.md "Layout").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const uiLibraries = ['vscode', 'ink', 'ink-*', 'react', 'react/*', '@vscode/*'];
const deepSharedImport = {
  group: ['**/shared/*', '!**/shared/index', '!**/shared/index.js', '!**/shared/index.ts'],
  message: 'Import the API layer only through shared/index.ts.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.vscode-test/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: uiLibraries, message: 'shared/ is the API layer: no vscode, ink or react imports.' },
            { group: ['**/extension/**', '**/tui/**', '**/emulator/**'], message: 'shared/ imports nothing of the faces or the local service.' },
          ],
        },
      ],
    },
  },
  {
    files: ['extension/**/*.ts', 'extension/**/*.tsx', 'tui/**/*.ts', 'tui/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'undici', message: 'UI code never calls HTTP: use the shared API layer.' },
            { name: 'node:http', message: 'UI code never calls HTTP: use the shared API layer.' },
            { name: 'node:https', message: 'UI code never calls HTTP: use the shared API layer.' },
          ],
          patterns: [deepSharedImport],
        },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'UI code never calls HTTP: use the shared API layer.' }],
    },
  },
  {
    files: ['emulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: uiLibraries, message: 'The local service has no UI imports.' },
            {
              group: ['**/shared/*', '!**/shared/contract', '!**/shared/contract.js', '!**/shared/contract.ts'],
              message: 'The local service is the independent oracle: it may import only shared/contract (types and names), never client logic.',
            },
          ],
        },
      ],
    },
  },
);
