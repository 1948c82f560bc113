// `wsc config [show] | check [--json]`: the terminal UI's settings (tui.toml, term/tui-config.ts) as
// they take effect: each value with where it came from (the default, a line of the file, or the
// environment); `check` names each wrong line with what to do and exits 2 when there is one. The
// `[keys]` section belongs to the keymap: its lines are counted here, and checked by the keymap's
// own check once it provides one (term/keys-check.ts).
import { existsSync } from 'node:fs';
import { noExtraPositionals, parseArgs } from './args';
import { usageError } from '../term/cli-error';
import { readTuiConfig, SETTING_NAMES, tuiConfigPath, withEnvironment, type ReadConfig, type SettingSource } from '../term/tui-config';
import { checkKeyLines } from '../term/keys-check';
import { createOutput, safe, term } from './output';
import { EXIT } from './exit-codes';

/** The keymap's check of `[keys]` (term/keys-check.ts); none yet, so those lines are only counted. */
const KEYS_CHECK = checkKeyLines;

export async function runConfig(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv[0] === undefined || argv[0].startsWith('-') ? ['show', ...argv] : argv;
  if (sub !== 'show' && sub !== 'check') throw usageError(`config: unknown subcommand '${sub ?? ''}'.`, "Use show or check; see 'wsc config --help'.");
  const args = parseArgs(`config ${sub}`, rest);
  noExtraPositionals(args, 0, `config ${sub}`);
  const path = tuiConfigPath();
  const read = withEnvironment(readTuiConfig(path));
  const problems = [...read.problems, ...(KEYS_CHECK ? KEYS_CHECK(read.keys).map((p) => `${path} line ${p.line}: ${p.message}`) : [])];
  const out = createOutput();
  if (sub === 'check') return check(out, path, problems, args.json === true);
  if (args.json) {
    out.json({ path, exists: existsSync(path), settings: Object.fromEntries(SETTING_NAMES.map((k) => [k, { value: read.config[k], source: read.sources[k] }])), keys: read.keys, problems });
    return 0;
  }
  out.line(term`${safe(path)}${existsSync(path) ? '' : term` (no file: the defaults)`}`);
  for (const name of SETTING_NAMES) out.line(term`  ${safe(name.padEnd(13))} ${safe(String(read.config[name]).padEnd(14))} ${safe(sourceText(read.sources[name]))}`);
  out.line(term`  ${safe('[keys]'.padEnd(13))} ${keysText(read)}`);
  if (problems.length > 0) out.note(term`${problems.length} problem${problems.length === 1 ? '' : term`s`} in the file: wsc config check names them.`);
  return 0;
}

function check(out: ReturnType<typeof createOutput>, path: string, problems: readonly string[], json: boolean): number {
  if (json) out.json({ path, ok: problems.length === 0, problems });
  else if (problems.length === 0) out.line(term`${safe(path)}: no problems.`);
  else for (const p of problems) out.line(safe(p));
  return problems.length === 0 ? EXIT.ok : EXIT.usage;
}

function sourceText(source: SettingSource): string {
  if (source.kind === 'default') return '(default)';
  if (source.kind === 'env') return `(environment: ${source.name})`;
  return `(tui.toml line ${source.line})`;
}

function keysText(read: ReadConfig) {
  const n = read.keys.length;
  if (n === 0) return term`(none remapped)`;
  return term`${n} line${n === 1 ? '' : term`s`}${KEYS_CHECK ? '' : term` (checked by the keymap when it reads them)`}`;
}
