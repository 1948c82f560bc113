// A `wsc serve` of a suite's own (not the shared one the runner starts), to stop and start again on
// the same port: the service going away and coming back while VS Code keeps running.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { projectRoot } from './support';

export interface OwnService {
  url: string;
  child: ChildProcess;
}

/** On `port` (any when 0); `data`: a file the service keeps its state in, so a restart has what was posted before (else in memory); `fixture`: a fixture file other than basic.json. */
export async function startOwnService(port = 0, data?: string, fixture?: string): Promise<OwnService> {
  const root = projectRoot();
  const args = [join(root, 'dist', 'wsc.js'), 'serve', '--fixture', fixture ?? join(root, 'test', 'fixtures', 'basic.json'), '--port', String(port), ...(data ? ['--data', data] : [])];
  // The `node` on PATH (the project's, for which the service's native SQLite module is built), not the extension host's.
  const child = spawn('node', args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`wsc serve exited (${code}) before printing its url.`)));
  });
  child.stdout?.resume();
  return { url: (JSON.parse(first) as { url: string }).url, child };
}

export async function stopOwnService(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
