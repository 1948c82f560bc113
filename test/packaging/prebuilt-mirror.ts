// Where `npm install` of the CLI package gets SQLite's native module. A user's machine downloads
// better-sqlite3's prebuilt binary from its GitHub release (prebuild-install); this machine has no
// internet, and building it from source instead costs well over a minute of CPU. So the test serves
// the binary this checkout already has, packed the way a release asset is, from a loopback mirror
// that prebuild-install is pointed at by its documented `<package>_binary_host_mirror` variable:
// the install takes the same download path a user's does.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PrebuiltMirror {
  /** Environment for the `npm install` child: points prebuild-install at the mirror. */
  env: Record<string, string>;
  /** Paths the mirror was asked for (the test checks the install used it). */
  served: string[];
  close(): Promise<void>;
}

export async function startPrebuiltMirror(): Promise<PrebuiltMirror> {
  const root = join('node_modules', 'better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  // prebuild-install's asset name: {name}-v{version}-{runtime}-v{abi}-{platform}{libc}-{arch}.tar.gz (glibc: no libc part).
  const asset = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  const tarball = join(mkdtempSync(join(tmpdir(), 'wsc-prebuilt-')), asset);
  execFileSync('tar', ['-czf', tarball, '-C', root, join('build', 'Release', 'better_sqlite3.node')]);
  const body = readFileSync(tarball);
  const served: string[] = [];
  const server = createServer((req, res) => {
    served.push(req.url ?? '');
    if (req.url === `/v${version}/${asset}`) {
      res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': body.length });
      res.end(body);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: { npm_config_better_sqlite3_binary_host_mirror: `http://127.0.0.1:${port}` },
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
