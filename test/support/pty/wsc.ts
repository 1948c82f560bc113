// The built `wsc` (node dist/wsc.js) in a pseudo-terminal, as a person runs it: its own empty home
// (HOME, XDG_STATE_HOME and XDG_CONFIG_HOME) unless one is given, TERM=xterm-256color, colour on or
// NO_COLOR=1, and only PATH of this process's environment.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PtyTerminal } from './terminal';

export interface WscPtyOptions {
  /** The project root: dist/wsc.js is run from here, and the program runs in it unless `cwd` is given. */
  root: string;
  args?: string[];
  /** More environment, over the defaults (WSC_URL, WSC_TOKEN …). */
  env?: Record<string, string>;
  size?: { cols: number; rows: number };
  /** Colour on (no NO_COLOR); off by default, so that text is written contiguously. */
  colour?: boolean;
  /** The home of an earlier run; a fresh empty folder unless given. */
  home?: string;
  cwd?: string;
  /**
   * A /bin/sh script to run wsc in ("$0" is node, "$1" dist/wsc.js, the args follow), for what the
   * terminal looks like after it exits.
   */
  shell?: string;
}

/** Builds dist/ once when it is missing (npm test builds before vitest). */
export function ensureBuilt(root: string): void {
  if (!existsSync(join(root, 'dist', 'wsc.mjs'))) execFileSync(process.execPath, ['esbuild.mjs', '--quiet'], { cwd: root, stdio: 'ignore' });
}

export class WscPty extends PtyTerminal {
  /** The HOME / XDG_STATE_HOME / XDG_CONFIG_HOME this run was given. */
  readonly home: string;

  constructor(options: WscPtyOptions) {
    const home = options.home ?? mkdtempSync(join(tmpdir(), 'wsc-pty-home-'));
    const argv = [join(options.root, 'dist', 'wsc.js'), ...(options.args ?? [])];
    super({
      file: options.shell === undefined ? process.execPath : '/bin/sh',
      args: options.shell === undefined ? argv : ['-c', options.shell, process.execPath, ...argv],
      cwd: options.cwd ?? options.root,
      size: options.size,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        XDG_STATE_HOME: home,
        XDG_CONFIG_HOME: home,
        ...(options.colour === true ? {} : { NO_COLOR: '1' }),
        TERM: 'xterm-256color',
        ...options.env,
      },
    });
    this.home = home;
  }

  /** Removes the home (a bench's runs leave nothing behind; the tests' temporary folder is removed for them). */
  removeHome(): void {
    rmSync(this.home, { recursive: true, force: true });
  }
}
