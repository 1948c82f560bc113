// The extension's files as VS Code loads them: the CommonJS chunks of the split build (esbuild.mjs)
// joined so that what activation needs is one file. Node spends about as long on each file it
// loads (resolving, reading, compiling, wrapping) as on a few kilobytes of code, and the split build
// loads some 45 at start. dist/extension.js holds every chunk it requires at once, each as a module
// function in a small table that runs each chunk's body once, on its first require, as Node's own
// loader would; a chunk loaded on first use stays a file of its own under dist/extension/, which
// exports its module function, and is run by the same table, so it shares the instances of the
// start-up chunks it requires. Each module function is written in parentheses: V8 compiles such a
// function with the file instead of pre-parsing it and parsing it again when it is called.
// Source maps (development build) are joined too: each chunk's mappings, moved down its lines.

import { posix } from 'node:path';

const HEADER = '(function (module, exports, require) {';

// The table: `id` is a chunk's path under dist/ ("extension.js", "extension/chunk-X.js"); a chunk
// requires another by "./<name>" relative to its own folder, and anything else (vscode, node:…,
// native packages) through Node.
const RUNTIME = `const modules = {};
const instances = {};
function load(id) {
  const done = instances[id];
  if (done !== undefined) return done.exports;
  const define = modules[id] ?? require("./" + id);
  const instance = (instances[id] = { exports: {} });
  const folder = id.slice(0, id.lastIndexOf("/") + 1);
  const requireFrom = (request) => (request.startsWith("./") ? load(folder + request.slice(2)) : require(request));
  try {
    define.call(instance.exports, instance, instance.exports, requireFrom);
  } catch (error) {
    delete instances[id];
    throw error;
  }
  return instance.exports;
}`;

const SOURCE_MAP_COMMENT = /\n?\/\/# sourceMappingURL=[^\n]*\n?$/;
const RELATIVE_REQUIRE = /\brequire\("(\.[^"]*)"\)/g;

/**
 * `files`: the CommonJS chunks by path under dist/ ({ code, map? }, map a parsed source map);
 * `entry`: the one VS Code requires; `start`: the chunks it requires at once (entry included).
 * Returns the files to write (same shape) and fails on a require it cannot place.
 */
export function joinStartChunks(files, entry, start) {
  for (const [id, file] of files) {
    const folder = id.slice(0, id.lastIndexOf('/') + 1);
    for (const [, request] of file.code.matchAll(RELATIVE_REQUIRE)) {
      const target = folder + request.slice(2);
      if (!request.startsWith('./') || !files.has(target)) {
        throw new Error(`extension-chunks: ${id} requires ${request}, which is not a chunk of the build`);
      }
    }
  }
  const out = new Map();
  const joined = new SourceMapJoin();
  const lines = ['"use strict";', RUNTIME];
  let line = lineCount(lines);
  for (const id of [entry, ...start.filter((s) => s !== entry)]) {
    const { code, map } = files.get(id);
    const body = code.replace(SOURCE_MAP_COMMENT, '');
    lines.push(`modules[${JSON.stringify(id)}] = ${HEADER}`, body, '});');
    joined.add(map, line + 1, id, entry);
    line += lineCount([`modules = ${HEADER}`, body, '});']);
  }
  lines.push(`module.exports = load(${JSON.stringify(entry)});`);
  out.set(entry, withMap(lines.join('\n'), entry, joined.result(entry)));
  for (const [id, { code, map }] of files) {
    if (start.includes(id)) continue;
    const text = `"use strict";\nmodule.exports = ${HEADER}\n${code.replace(SOURCE_MAP_COMMENT, '')}\n});`;
    const moved = map && new SourceMapJoin();
    moved?.add(map, 2, id, id);
    out.set(id, withMap(text, id, moved?.result(id)));
  }
  return out;
}

const lineCount = (parts) => parts.reduce((n, part) => n + part.split('\n').length, 0);

function withMap(code, id, map) {
  if (map === undefined) return { code: `${code}\n` };
  const name = id.slice(id.lastIndexOf('/') + 1);
  return { code: `${code}\n//# sourceMappingURL=${name}.map\n`, map };
}

// Source map v3 mappings: VLQ base64 segments, `;` between generated lines, fields relative to the
// segment before (the generated column to the one before on its line).
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = Object.fromEntries([...BASE64].map((c, i) => [c, i]));

function decode(mappings) {
  const lines = [];
  const state = [0, 0, 0, 0, 0];
  for (const line of mappings.split(';')) {
    const segments = [];
    state[0] = 0;
    for (const text of line.split(',')) {
      if (text === '') continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const c of text) {
        const digit = DIGIT[c];
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      const segment = fields.map((f, i) => (state[i] += f));
      segments.push(segment);
    }
    lines.push(segments);
  }
  return lines;
}

function vlq(value) {
  let v = value < 0 ? (-value << 1) | 1 : value << 1;
  let text = '';
  do {
    let digit = v & 31;
    v >>>= 5;
    if (v > 0) digit |= 32;
    text += BASE64[digit];
  } while (v > 0);
  return text;
}

function encode(lines) {
  const state = [0, 0, 0, 0, 0];
  return lines
    .map((segments) => {
      state[0] = 0;
      return segments
        .map((segment) => segment.map((f, i) => { const d = vlq(f - state[i]); state[i] = f; return d; }).join(''))
        .join(',');
    })
    .join(';');
}

class SourceMapJoin {
  #lines = [];
  #sources = [];
  #contents = [];
  #names = [];

  /**
   * Adds `map` (of the file `from`) to the map of the file `to`, its first generated line placed at
   * line `at` (0-based). Both paths under dist/: a source's path is made relative to `to`'s folder.
   */
  add(map, at, from, to) {
    if (map === undefined) return;
    const sourceBase = this.#sources.length;
    const nameBase = this.#names.length;
    const fromFolder = posix.dirname(posix.join('dist', from));
    const toFolder = posix.dirname(posix.join('dist', to));
    this.#sources.push(...map.sources.map((s) => posix.relative(toFolder, posix.join(fromFolder, map.sourceRoot ?? '', s))));
    this.#contents.push(...(map.sourcesContent ?? map.sources.map(() => null)));
    this.#names.push(...(map.names ?? []));
    while (this.#lines.length < at) this.#lines.push([]);
    for (const [i, segments] of decode(map.mappings).entries()) {
      this.#lines[at + i] = segments.map((s) =>
        s.length === 1 ? s : s.length === 4 ? [s[0], s[1] + sourceBase, s[2], s[3]] : [s[0], s[1] + sourceBase, s[2], s[3], s[4] + nameBase],
      );
    }
  }

  result(file) {
    if (this.#sources.length === 0) return undefined;
    const name = file.slice(file.lastIndexOf('/') + 1);
    return { version: 3, file: name, sources: this.#sources, sourcesContent: this.#contents, names: this.#names, mappings: encode(this.#lines) };
  }
}
