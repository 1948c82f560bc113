// The built `wsc` in a pseudo-terminal for a bench, as a person runs it: colour on, its own home,
// removed when it stops. The driver is the tests' (test/support/pty/).
import { ensureBuilt, WscPty, type WscPtyOptions } from '../../test/support/pty/wsc';

/** bench/run.mjs runs every bench from the project root. */
export const ROOT = process.cwd();

/** Builds dist/ when it is missing; call before timing a start. */
export const ensureWscBuilt = (): void => ensureBuilt(ROOT);

export function startWsc(url: string, token: string, options: Omit<WscPtyOptions, 'root'> = {}): WscPty {
  return new WscPty({ root: ROOT, colour: true, ...options, env: { WSC_URL: url, WSC_TOKEN: token, ...options.env } });
}

/** Quits with q (killed after 5 s) and removes the run's home. */
export async function stopWsc(app: WscPty): Promise<void> {
  await app.close('q');
  app.removeHome();
}
