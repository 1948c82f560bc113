// The service at a baseline commit (by default the last one before the statement cache and the
// mention index), built from git, so a bench can run it
// side by side with this checkout's service in the same run, on the same machine load.
//
// How: `git archive <ref>` of the whole tree into node_modules/.cache/wsc-bench-baseline/<sha>/
// (inside the project, so better-sqlite3 and the other packages resolve from this node_modules),
// then esbuild bundles its entry (bin/wsc.ts, formerly cli/main.ts) with the same settings as esbuild.mjs. Built once per commit
// and reused. WSC_BENCH_BASELINE_REF picks another ref (a branch, a tag, a commit).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** The last commit before the statement cache and the mention index. */
export const DEFAULT_BASELINE_REF = '832e11e';

export interface Baseline {
  ref: string;
  sha: string;
  /** The built CLI (run it with `node <wscScript> serve ...`). */
  wscScript: string;
}

export async function buildBaseline(root = process.cwd(), ref = process.env.WSC_BENCH_BASELINE_REF || DEFAULT_BASELINE_REF): Promise<Baseline> {
  let sha: string;
  try {
    sha = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch {
    throw new Error(`the baseline ref '${ref}' is not a commit in this git checkout; set WSC_BENCH_BASELINE_REF to the commit to compare with.`);
  }
  const dir = join(root, 'node_modules', '.cache', 'wsc-bench-baseline', sha);
  const wscScript = join(dir, 'dist', 'wsc.mjs');
  if (existsSync(wscScript)) return { ref, sha, wscScript };

  // Built in a scratch folder and renamed into place, so a bench that stops half way (or two runs at
  // once) never leaves a half-built baseline that a later run would trust.
  const scratch = `${dir}.tmp-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const tar = execFileSync('git', ['archive', '--format=tar', sha], { cwd: root, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', scratch], { input: tar });
  // The esbuild CLI rather than its JS API: the benches are bundles, and esbuild cannot be bundled.
  const banner = "import { createRequire as __wscCreateRequire } from 'node:module'; const require = __wscCreateRequire(import.meta.url);";
  execFileSync(
    join(root, 'node_modules', '.bin', 'esbuild'),
    [
      // The entry moved from cli/main.ts to bin/wsc.ts; a baseline commit may have either.
      existsSync(join(scratch, 'bin', 'wsc.ts')) ? 'wsc=bin/wsc.ts' : 'wsc=cli/main.ts',
      '--bundle',
      '--platform=node',
      '--target=node20',
      '--format=esm',
      '--splitting',
      '--chunk-names=chunks/[name]-[hash]',
      '--jsx=automatic',
      '--outdir=dist',
      '--out-extension:.js=.mjs',
      '--log-level=warning',
      // Markdown the service serves (and the skill text) is bundled as text, as esbuild.mjs does.
      '--loader:.md=text',
      ...['better-sqlite3', 'bufferutil', 'utf-8-validate', 'react-devtools-core'].map((p) => `--external:${p}`),
      '--define:process.env.DEV="false"',
      '--define:process.env.NODE_ENV="production"',
      `--banner:js=${banner}`,
    ],
    { cwd: scratch, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (!existsSync(dir)) renameSync(scratch, dir);
  else rmSync(scratch, { recursive: true, force: true });
  return { ref, sha, wscScript };
}
