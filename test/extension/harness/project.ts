// Where the runners find the project and the built suite (from dist/ and from sources alike).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root: the nearest folder above this file with esbuild.mjs. */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'esbuild.mjs'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (the folder with esbuild.mjs).');
    dir = parent;
  }
  return dir;
}

/** The bundled tests entry (extensionTestsPath). */
export function suiteEntry(root: string): string {
  return join(root, 'dist', 'test', 'extension', 'suite', 'index.js');
}

/** The fixture the suite's local service serves. */
export function suiteFixture(root: string): { fixtureFile: string } {
  return { fixtureFile: join(root, 'test', 'fixtures', 'basic.json') };
}
