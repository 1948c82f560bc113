// `wsc channels --json` (or WSC_ARGS) from several builds side by side, and a plain node:http one-shot making the
// same request: `node bench/oneshot-side-by-side.mjs old=/path/a/dist/wsc.js new=dist/wsc.js`
// (RUNS=15 by default). One `wsc serve --demo` (from the first build) answers all; the commands
// alternate, each with a fresh HOME and XDG_STATE_HOME (an account the offline cache does not
// know). Wall time from spawn to exit and the child's CPU (process.resourceUsage at exit, user +
// system); medians, each as a ratio to the plain one-shot; the load average before and after.
// Build a baseline with `git archive <commit> | tar -x -C /tmp/x`, a node_modules symlink and
// `node esbuild.mjs` there.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
const RUNS = Number(process.env.RUNS ?? 15);
// The command each build runs: WSC_ARGS='mentions --json' (default `channels --json`).
const COMMAND = (process.env.WSC_ARGS ?? 'channels --json').split(' ');
const builds = process.argv.slice(2); // name=path/to/wsc.js
const dir = mkdtempSync(join(tmpdir(), 'c3-cmp-'));
const svc = spawn(process.execPath, [builds[0].split('=')[1], 'serve', '--demo', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const first = await new Promise((r) => createInterface({ input: svc.stdout }).once('line', r));
const { url } = JSON.parse(first);
const hook = join(dir, 'hook.cjs');
writeFileSync(hook, "process.on('exit', () => require('node:fs').writeFileSync(process.env.USAGE_FILE, JSON.stringify(process.resourceUsage())));\n");
const plain = join(dir, 'plain.mjs');
writeFileSync(plain, `import { request } from 'node:http';
const req = request(process.env.WSC_URL + '/api/v1/channels', { headers: { authorization: 'Bearer ' + process.env.WSC_TOKEN, accept: 'application/json' } }, (res) => { const c = []; res.on('data', (x) => c.push(x)); res.on('end', () => process.stdout.write(Buffer.concat(c))); }); req.end();\n`);
let n = 0;
function once(args) {
  const home = join(dir, `h${n++}`);
  const usageFile = join(dir, `u${n}`);
  const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, 'c'), XDG_STATE_HOME: join(home, 's'), WSC_URL: url, WSC_TOKEN: 'hpt_demo_alice', USAGE_FILE: usageFile };
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const c = spawn(process.execPath, ['--require', hook, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = ''; c.stderr.on('data', (d) => (err += d));
    c.on('exit', (code) => {
      const ms = performance.now() - t0;
      if (code !== 0) return reject(new Error(`${args} → ${code}: ${err}`));
      const u = JSON.parse(readFileSync(usageFile, 'utf8'));
      resolve({ ms, cpu: (u.userCPUTime + u.systemCPUTime) / 1000 });
    });
  });
}
const kinds = [['plain', [plain]], ...builds.map((b) => { const [name, p] = b.split('='); return [name, [p, ...COMMAND]]; })];
const res = Object.fromEntries(kinds.map(([k]) => [k, []]));
for (const [, a] of kinds) await once(a); // warm-up
const l0 = loadavg()[0];
for (let i = 0; i < RUNS; i++) for (const [k, a] of kinds) res[k].push(await once(a));
const l1 = loadavg()[0];
const med = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const pm = med(res.plain.map((s) => s.ms)), pc = med(res.plain.map((s) => s.cpu));
console.log(`${RUNS} alternating runs; load average ${l0.toFixed(2)} → ${l1.toFixed(2)}`);
for (const [k] of kinds) {
  const m = med(res[k].map((s) => s.ms)), c = med(res[k].map((s) => s.cpu));
  console.log(`${k.padEnd(10)} wall ${m.toFixed(1)} ms (×${(m / pm).toFixed(2)})  cpu ${c.toFixed(1)} ms (×${(c / pc).toFixed(2)})`);
}
svc.kill();
rmSync(dir, { recursive: true, force: true });
