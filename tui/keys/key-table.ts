// The root README's key table, made from the keymaps' bindings that say `readme` (scripts/key-table.mjs
// writes it; test/tui/unit/key-table.test.ts fails when the README's table differs).
import { APP_KEYS } from './app-keymap';
import { keyLabel, type KeyBinding } from './key-binding';

export const KEY_TABLE_START = '<!-- key table: made from the keymaps by `node scripts/key-table.mjs`; do not edit by hand -->';
export const KEY_TABLE_END = '<!-- end of key table -->';

const shown = (label: string) =>
  label
    .split(/\s+/)
    .filter((k) => k !== '')
    .map((k) => ([...k].length === 1 && !'↑↓←→'.includes(k) ? `\`${k === '`' ? '``' : k}\`` : k))
    .join(' ');

export function readmeKeyTable(bindings: readonly KeyBinding[] = APP_KEYS): string {
  const rows = bindings.filter((b) => b.readme === true && b.help !== undefined).map((b) => `| ${shown(keyLabel(b))} | ${(b.help ?? '').replace(/\|/g, '\\|')} |`);
  return ['| keys | what |', '|---|---|', ...rows].join('\n');
}

/** The README with its key table made again (the text between the markers). */
export function withKeyTable(readme: string, table = readmeKeyTable()): string {
  const start = readme.indexOf(KEY_TABLE_START);
  const end = readme.indexOf(KEY_TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md has no key table markers (${KEY_TABLE_START} … ${KEY_TABLE_END}): put them around the table.`);
  return `${readme.slice(0, start + KEY_TABLE_START.length)}\n${table}\n${readme.slice(end)}`;
}
