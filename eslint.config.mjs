// Lint: TypeScript rules plus the architecture's import rules (design.md "Layout").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const uiLibraries = ['vscode', 'ink', 'ink-*', 'react', 'react/*', '@vscode/*'];
const deepSharedImport = {
  group: ['**/shared/*', '!**/shared/index', '!**/shared/index.js', '!**/shared/index.ts', '!**/shared/core', '!**/shared/core.ts', '!**/shared/prepaint', '!**/shared/prepaint.ts', '!**/shared/outbox', '!**/shared/outbox.ts', '!**/shared/cache', '!**/shared/cache.ts', '!**/shared/inbox-store', '!**/shared/inbox-store.ts'],
  message: 'Import the API layer only through shared/index.ts (or its narrow subsets shared/core.ts and shared/prepaint.ts, or shared/outbox.ts, shared/cache.ts and shared/inbox-store.ts, which load SQLite).',
};

/** The rules every face keeps (no HTTP of its own, the API layer only through its entry), plus `extra` import bans. */
function faceRules(files, extra, ignores = []) {
  return [
    {
      files,
      ignores,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [
              { name: 'undici', message: 'UI code never calls HTTP: use the shared API layer.' },
              { name: 'node:http', message: 'UI code never calls HTTP: use the shared API layer.' },
              { name: 'node:https', message: 'UI code never calls HTTP: use the shared API layer.' },
            ],
            patterns: [deepSharedImport, ...extra],
          },
        ],
        'no-restricted-globals': ['error', { name: 'fetch', message: 'UI code never calls HTTP: use the shared API layer.' }],
      },
    },
  ];
}

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
            { group: ['**/extension/**', '**/tui/**', '**/cli/**', '**/term/**', '**/emulator/**'], message: 'shared/ imports nothing of the faces or the local service.' },
          ],
        },
      ],
    },
  },
  {
    // The local service imports contract/: it must carry no client logic with it, nor any library
    // but the schema builder.
    files: ['shared/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Its own files and TypeBox (the schema builder) only: no parent folder, no other package.
              regex: '^(?!\\./[^/]+$|@sinclair/typebox$)',
              message: 'contract/ imports nothing but itself and @sinclair/typebox (the local service uses it without client logic).',
            },
          ],
        },
      ],
    },
  },
  // The faces: extension/, tui/ (the Ink UI), cli/ (the subcommands) and term/ (what the last two share).
  ...faceRules(['extension/**/*.ts', 'extension/**/*.tsx'], [{ group: ['**/tui/**', '**/cli/**', '**/term/**'], message: 'The extension shares code with the terminal only through shared/.' }]),
  ...faceRules(['tui/**/*.ts', 'tui/**/*.tsx'], [{ group: ['**/cli/**', '**/extension/**'], message: 'The terminal UI shares code with the command line only through term/ or shared/.' }]),
  ...faceRules(['cli/**/*.ts'], [{ group: ['**/tui/**', '**/extension/**'], message: 'Subcommands share code with the terminal UI only through term/ or shared/.' }], ['cli/config.ts']),
  // `wsc config` checks tui.toml's [keys] against the keymaps: tui/keys/ loads no UI, nothing else of tui/.
  ...faceRules(['cli/config.ts'], [{ regex: '(^|/)tui/(?!keys/key-remap$)', message: 'wsc config reads the keymaps through tui/keys/key-remap.ts only.' }, { group: ['**/extension/**'], message: 'The command line has nothing of the extension.' }]),
  ...faceRules(['term/**/*.ts'], [{ group: ['**/tui/**', '**/cli/**', '**/extension/**'], message: 'term/ is what the terminal UI and the command line share: it imports neither.' }]),
  // bin/wsc.ts only picks: the terminal UI, the local service or a subcommand (each loaded lazily).
  ...faceRules(['bin/**/*.ts'], [{ group: ['**/extension/**'], message: 'The command line has nothing of the extension.' }]),
  // Webview scripts run in the browser sandbox: they import only what describes their messages and
  // views (an extension/ *-protocol, *messages or *model module), the API layer's entry (for types)
  // and the shared leaves with no runtime imports, named here: room labels and the own-mention rule.
  // A script split by job keeps its parts in media/<script>/ (each imports its siblings as ./<part>).
  {
    files: ['media/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.\\./(extension/.+(-protocol|messages|model)|shared/index|shared/channels/channel-name|shared/channels/author-label|shared/channels/own-mentions)$|\\./[\\w-]+/[\\w-]+$)',
              message:
                'A webview script imports only ../extension/**/*-protocol, *messages or *model modules, ../shared/index (types), the shared leaves ../shared/channels/channel-name, ../shared/channels/author-label and ../shared/channels/own-mentions, and its own parts in media/<script>/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['media/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.\\./\\.\\./(extension/.+(-protocol|messages|model)|shared/index|shared/channels/channel-name|shared/channels/author-label|shared/channels/own-mentions)$|\\./[\\w-]+$)',
              message:
                'A part of a webview script imports only ../../extension/**/*-protocol, *messages or *model modules, ../../shared/index (types), the shared leaves ../../shared/channels/channel-name, ../../shared/channels/author-label and ../../shared/channels/own-mentions, and its sibling parts (./<part>).',
            },
          ],
        },
      ],
    },
  },
  {
    // The shared leaves media/ bundles stay leaves: types only, nothing that runs.
    files: ['shared/channels/channel-name.ts', 'shared/channels/author-label.ts', 'shared/channels/own-mentions.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '.*', allowTypeImports: true, message: 'A shared leaf the webview scripts bundle imports types only.' }] },
      ],
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
              // A regex, as a gitignore-style group cannot re-allow files below a banned folder.
              regex: '(^|/)shared(/(?!contract(/[^/]+)?$).*)?$',
              message: 'The local service is the independent oracle: it may import only shared/contract/ (types and names), never client logic.',
            },
          ],
        },
      ],
    },
  },
  // Server text reaches the terminal only as SafeText (shared/markdown/safe-text.ts): made by the
  // sanitiser or term`…`, never by a cast; the command line prints only through cli/output.ts and
  // the terminal UI's <Text> shows only what clip/fit/safeLine/textRow return (they take SafeText).
  {
    files: ['cli/**/*.ts', 'term/**/*.ts', 'tui/**/*.ts', 'tui/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "TSAsExpression[typeAnnotation.typeName.name='SafeText']", message: 'SafeText comes only from the sanitiser or term`…`: never cast to it.' },
        {
          selector: "CallExpression[callee.property.name='write'][callee.object.object.name='process']",
          message: 'Print through cli/output.ts (Output.line/write/note take SafeText), not process.stdout/stderr.',
        },
        { selector: "CallExpression[callee.object.name='console']", message: 'Print through cli/output.ts (Output takes SafeText), not console.' },
        {
          selector: "JSXElement[openingElement.name.name='Text'] > JSXExpressionContainer > :not(CallExpression[callee.name=/^(clip|fit|safeLine|textRow)$/], Literal, JSXEmptyExpression)",
          message: 'A <Text> shows SafeText: wrap it in clip(), fit(), safeLine() or textRow() from tui/format.ts.',
        },
      ],
    },
  },
  {
    // Our own words only (help, version, usage errors, the prompt echo, completion scripts) and the launcher's fatal line.
    files: ['bin/wsc.ts', 'cli/main.ts', 'cli/run-command.ts', 'cli/stdin.ts', 'cli/completion.ts', 'cli/output.ts', 'term/connect.ts', 'tui/run.ts', 'tui/plain/run-line-mode.ts', 'tui/terminal-screen.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
