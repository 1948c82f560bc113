// package.json as VS Code shows it in English: each `%key%` string replaced by its text in
// package.nls.json (not a test file; the manifest tests read the words people see).
import { readFileSync } from 'node:fs';

export const NLS_KEY = /^%([^%\s]+)%$/;

export function readNls(): Record<string, string> {
  return JSON.parse(readFileSync('package.nls.json', 'utf8')) as Record<string, string>;
}

/** package.json with every `%key%` string put in English; a key the bundle lacks stays as it is. */
export function readLocalisedManifest<T>(): T {
  const nls = readNls();
  return JSON.parse(readFileSync('package.json', 'utf8'), (_key, value: unknown) => {
    if (typeof value !== 'string') return value;
    const key = NLS_KEY.exec(value)?.[1];
    return key !== undefined && nls[key] !== undefined ? nls[key] : value;
  }) as T;
}
