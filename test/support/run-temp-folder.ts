// vitest globalSetup: every suite's temporary folders (os.tmpdir()) go under one folder per run,
// removed when the run ends, so repeated runs never fill /tmp with homes, caches and repos.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const folder = mkdtempSync(join(tmpdir(), 'wsc-test-run-'));
  // Workers are forked after global set-up and inherit this environment, so os.tmpdir() is the folder.
  process.env.TMPDIR = folder;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  };
}
