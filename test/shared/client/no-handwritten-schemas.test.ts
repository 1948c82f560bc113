// Wire shapes are written once, as schemas in shared/contract/. This scans the source (not tests,
// which write fake answers) for JSON Schema objects, field lists and schema builders written
// elsewhere. The allow-list says why each remaining file may, and the list fails when an entry no
// longer matches, so it only shrinks.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..', '..');
const SOURCE_FOLDERS = ['shared', 'cli', 'term', 'tui', 'extension', 'media', 'emulator', 'scripts'];
const SCHEMA_WRITTEN_BY_HAND = [
  /\btype: ['"]object['"]/,
  /\bproperties: \{/,
  /\brequired: \[/,
  /\bz\.object\(/,
  /\bType\.(Object|String|Integer|Array|Union)\(/,
];

/** File → why it may hold a schema literal. */
const ALLOWED: Readonly<Record<string, string>> = {
  'shared/compat/compare.ts': "reads a service's OpenAPI document: merges its allOf parts into one object to compare",
};

function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'node_modules') walk(path);
      } else if (/\.(ts|tsx|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(relative(ROOT, path).split('\\').join('/'));
    }
  };
  walk(join(ROOT, folder));
  return out;
}

function withSchemaLiterals(): string[] {
  return SOURCE_FOLDERS.flatMap(sourceFiles)
    .filter((file) => !file.startsWith('shared/contract/'))
    .filter((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      return SCHEMA_WRITTEN_BY_HAND.some((pattern) => pattern.test(text));
    })
    .sort();
}

describe('schemas are written only in shared/contract/', () => {
  const found = withSchemaLiterals();

  it('no file outside the allow-list writes a JSON Schema object, a required list or a schema builder', () => {
    expect(found.filter((file) => !(file in ALLOWED))).toEqual([]);
  });

  it('every allow-listed file still needs its entry (the list only shrinks)', () => {
    expect(Object.keys(ALLOWED).filter((file) => !found.includes(file))).toEqual([]);
  });
});
