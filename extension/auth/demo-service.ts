// "Use the local demo service": starts `node <extension>/dist/wsc.js serve --demo --port 0`,
// reads its first JSON line, and hands back the URL and the demo owner's token.
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { parseServeBanner, type ServeBanner } from './serve-banner';

export interface DemoService {
  banner: ServeBanner;
  stop(): void;
}

const START_TIMEOUT_MS = 20_000;

/** `node` on PATH first: the bundled better-sqlite3 is built for it, not for the editor's runtime. */
export async function startDemoService(extensionPath: string, log: (line: string) => void): Promise<DemoService> {
  const script = path.join(extensionPath, 'dist', 'wsc.js');
  const child = spawn('node', [script, 'serve', '--demo', '--port', '0'], {
    cwd: extensionPath,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  const banner = await readBanner(child, log);
  return {
    banner,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}

function readBanner(child: ChildProcess, log: (line: string) => void): Promise<ServeBanner> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    let stderr = '';
    const fail = (message: string) => {
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGTERM');
      reject(new Error(message));
    };
    const timer = setTimeout(() => fail(`the local service did not start within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    child.once('error', (error: NodeJS.ErrnoException) =>
      fail(error.code === 'ENOENT' ? 'Node.js was not found on PATH (the local service needs Node 20.19 or newer)' : error.message),
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) log(`demo service: ${line.trim()}`);
    });
    child.once('exit', (code) => fail(`the local service exited (code ${code}) before it was ready${stderr ? `: ${stderr.trim().split('\n').pop()}` : ''}`));
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const newline = buffered.indexOf('\n');
      if (newline < 0) return;
      const banner = parseServeBanner(buffered.slice(0, newline));
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.stdout?.removeAllListeners('data');
      child.stdout?.resume();
      if (banner) resolve(banner);
      else fail('the local service printed something other than its address');
    });
  });
}
