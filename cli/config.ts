// `wsc config [show] | check [--json]`: the terminal UI's settings (tui.toml, term/tui-config.ts) as
// they take effect: each value with where it came from (the default, a line of the file, or the
// environment); `check` names each wrong line with what to do and exits 2 when there is one. The
// `[keys]` section (remapped keys) is read by the terminal UI's keymaps (tui/keys/key-remap.ts, the
// one part of tui/ a subcommand may import: it loads no UI): show lists the keys that differ from
// the defaults, check its wrong lines.
import { existsSync } from 'node:fs';
import { noExtraPositionals, parseArgs } from './args';
import { usageError } from '../term/cli-error';
import { readTuiConfig, SETTING_NAMES, tuiConfigPath, withEnvironment, type SettingSource } from '../term/tui-config';
import { readKeyRemaps, type KeyRemap } from '../tui/keys/key-remap';
import { createOutput, safe, term } from './output';
import { EXIT } from './exit-codes';

export async function runConfig(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv[0] === undefined || argv[0].startsWith('-') ? ['show', ...argv] : argv;
  if (sub !== 'show' && sub !== 'check') throw usageError(`config: unknown subcommand '${sub ?? ''}'.`, "Use show or check; see 'wsc config --help'.");
  const args = parseArgs(`config ${sub}`, rest);
  noExtraPositionals(args, 0, `config ${sub}`);
  const path = tuiConfigPath();
  const read = withEnvironment(readTuiConfig(path));
  const keys = readKeyRemaps(read.keys);
  const problems = [...read.problems, ...keys.problems.map((p) => `${path} line ${p.line}: ${p.message}`)];
  const out = createOutput();
  if (sub === 'check') return check(out, path, problems, args.json === true);
  if (args.json) {
    out.json({ path, exists: existsSync(path), settings: Object.fromEntries(SETTING_NAMES.map((k) => [k, { value: read.config[k], source: read.sources[k] }])), keys: keys.remaps.map((r) => ({ action: r.name, keys: r.keys, default: r.defaults, source: { kind: 'file', path, line: r.line } })), problems });
    return 0;
  }
  out.line(term`${safe(path)}${existsSync(path) ? '' : term` (no file: the defaults)`}`);
  for (const name of SETTING_NAMES) out.line(term`  ${safe(name.padEnd(13))} ${safe(String(read.config[name]).padEnd(14))} ${safe(sourceText(read.sources[name]))}`);
  out.line(term`  ${safe('[keys]'.padEnd(13))} ${keys.remaps.length === 0 ? term`(none remapped)` : term`${keys.remaps.length} remapped:`}`);
  for (const r of keys.remaps) out.line(term`    ${safe(r.name.padEnd(19))} ${safe(r.keys.join(' ').padEnd(12))} ${safe(remapSource(r))}`);
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

function remapSource(remap: KeyRemap): string {
  return `(tui.toml line ${remap.line}; default ${remap.defaults.join(' ')})`;
}
