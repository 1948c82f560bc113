// The Markdown fence language for a file, by its name (what a snippet's code block is highlighted as).

const BY_EXTENSION: Readonly<Record<string, string>> = {
  ts: 'ts', tsx: 'tsx', mts: 'ts', cts: 'ts', js: 'js', jsx: 'jsx', mjs: 'js', cjs: 'js',
  py: 'python', rb: 'ruby', go: 'go', rs: 'rust', java: 'java', kt: 'kotlin', kts: 'kotlin', swift: 'swift',
  c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', cxx: 'cpp', hpp: 'cpp', cs: 'csharp', fs: 'fsharp', php: 'php',
  scala: 'scala', sh: 'sh', bash: 'bash', zsh: 'zsh', fish: 'fish', ps1: 'powershell', lua: 'lua', r: 'r',
  sql: 'sql', html: 'html', htm: 'html', css: 'css', scss: 'scss', less: 'less', vue: 'vue', svelte: 'svelte',
  json: 'json', jsonc: 'jsonc', yaml: 'yaml', yml: 'yaml', toml: 'toml', ini: 'ini', xml: 'xml', md: 'markdown',
  markdown: 'markdown', dart: 'dart', ex: 'elixir', exs: 'elixir', erl: 'erlang', hs: 'haskell', clj: 'clojure',
  ml: 'ocaml', pl: 'perl', tf: 'hcl', proto: 'protobuf', graphql: 'graphql', gql: 'graphql', zig: 'zig', nim: 'nim',
};

const BY_NAME: Readonly<Record<string, string>> = { dockerfile: 'dockerfile', makefile: 'makefile', gemfile: 'ruby', rakefile: 'ruby' };

/** `src/app.ts` -> 'ts', `Dockerfile` -> 'dockerfile'; '' when unknown. */
export function languageForPath(path: string): string {
  const name = (path.split(/[\\/]/).pop() ?? '').toLowerCase();
  if (BY_NAME[name]) return BY_NAME[name];
  const dot = name.lastIndexOf('.');
  return dot > 0 ? (BY_EXTENSION[name.slice(dot + 1)] ?? '') : '';
}
