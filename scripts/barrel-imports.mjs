// An esbuild plugin for the CLI bundles: an import of names from an index (shared/index.ts, the
// faces' one door to the API layer, as the lint rule wants it, and its narrower shared/core.ts;
// shared/contract/index.ts, the door to the wire shapes) becomes an import of each name from the
// module that defines it. esbuild splits chunks by which entry points reach each file through any
// import statement, used or not, and a module reached lazily keeps all its statements: through shared/index.ts every command reached every shared module
// some other command uses (the realtime client, ws, the Markdown parser), and through the contract's
// index every schema and TypeBox, built at start. Imported straight from their modules, a command
// holds what it uses. The source is unchanged; only the bundled copy of a file outside contract/ is
// rewritten, and an import the plugin cannot map stays as written.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

const IDENT = '[A-Za-z_$][\\w$]*';
const DECLARATION = new RegExp(`^export\\s+(?:declare\\s+)?(?:async\\s+)?(?:abstract\\s+)?(?:function\\*?|const|let|var|class|interface|type|enum|namespace)\\s+(${IDENT})`, 'gm');
const NAMED = /^export\s+(?:type\s+)?\{([^}]*)\}\s*(?:from\s*['"]([^'"]+)['"])?/gm;
const STAR = /^export\s+\*\s+(?:as\s+([A-Za-z_$][\w$]*)\s+)?from\s*['"]([^'"]+)['"]/gm;

function resolveModule(from, specifier) {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (existsSync(candidate)) return candidate;
  return undefined;
}

/** `a`, `type a`, `a as b` → [local, exported] (type-only names included: esbuild drops them once unused). */
function specifiers(list) {
  return list
    .split(',')
    .map((s) => s.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '').trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((s) => {
      const [local, exported] = s.split(/\s+as\s+/);
      return [local, exported ?? local];
    });
}

/** Every name a module exports → { file, name } where it is defined (following re-exports). */
export function exportMap(file, cache = new Map()) {
  const known = cache.get(file);
  if (known) return known;
  const map = new Map();
  cache.set(file, map);
  const source = readFileSync(file, 'utf8');
  for (const [, name] of source.matchAll(DECLARATION)) map.set(name, { file, name });
  for (const [, list, from] of source.matchAll(NAMED)) {
    const target = from ? resolveModule(file, from) : undefined;
    if (from && !target) continue;
    for (const [local, exported] of specifiers(list)) {
      map.set(exported, target ? (exportMap(target, cache).get(local) ?? { file: target, name: local }) : { file, name: exported });
    }
  }
  for (const [, namespace, from] of source.matchAll(STAR)) {
    const target = resolveModule(file, from);
    if (!target) continue;
    if (namespace) map.set(namespace, { file, name: namespace });
    else for (const [name, where] of exportMap(target, cache)) if (name !== 'default' && !map.has(name)) map.set(name, where);
  }
  return map;
}

const NAMED_FROM = /^(import|export)\s+\{([^}]*)\}\s*from\s*['"]([^'"]+)['"];?/gm;

/** `source` (a file at `path`) with its value imports (and re-exports) from one of `indexes` (file → its export map) split by defining module; a statement with a name not found stays. */
export function rewriteBarrelImports(source, path, indexes) {
  return source.replace(NAMED_FROM, (statement, keyword, list, specifier) => {
    if (!specifier.startsWith('.')) return statement;
    const map = indexes.get(resolveModule(path, specifier));
    if (!map) return statement;
    const byFile = new Map();
    for (const raw of list.split(',')) {
      const spec = raw.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '').trim();
      if (!spec || spec.startsWith('type ')) continue;
      const [local, alias] = spec.split(/\s+as\s+/);
      const where = map.get(local);
      if (!where) return statement;
      const names = byFile.get(where.file) ?? [];
      names.push(where.name === (alias ?? local) ? where.name : `${where.name} as ${alias ?? local}`);
      byFile.set(where.file, names);
    }
    // As many lines as the statement had, so the rest of the file (and its source map) keeps its line numbers.
    const lines = statement.split('\n').length - 1;
    return [...byFile].map(([file, names]) => `${keyword} { ${names.join(', ')} } from ${JSON.stringify(file)};`).join(' ') + '\n'.repeat(lines);
  });
}

export function barrelImports(root) {
  const indexFiles = [join(root, 'shared', 'index.ts'), join(root, 'shared', 'core.ts'), join(root, 'shared', 'contract', 'index.ts')];
  const contract = join(root, 'shared', 'contract');
  let indexes;
  return {
    name: 'wsc-barrel-imports',
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (args.path.includes('node_modules') || args.path.startsWith(contract) || indexFiles.includes(args.path)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!/from\s*['"][^'"]*\/(index|core|contract)['"]/.test(source)) return undefined;
        if (!indexes) {
          const cache = new Map();
          indexes = new Map(indexFiles.map((f) => [f, exportMap(f, cache)]));
        }
        return { contents: rewriteBarrelImports(source, args.path, indexes), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}
