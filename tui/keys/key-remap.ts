// tui.toml's `[keys]` section (remapped keys): each line names an action (a binding's action, with its
// keymap's prefix: `recent`, `tasks.status`) and the key or keys that ask for it from now on. Read
// once at start, before the first key: a remap replaces the binding's keys, so what the router
// matches, the help overlay and the footer all follow. `wsc config check` names the wrong lines
// (an unknown action, a key name that names no key, a key two actions of one view would share: its
// keymap's, or one its view also answers, as a Docs folder answers a list's j/k).
import { parseKeyName, type KeyBinding } from './key-binding';
import { FIXED_KEYS, FIXED_PREFIXES, keymapsBeside, REMAPPABLE_LAYERS, remappableActionNames, type RemappableLayer } from './remappable-keys';

/** A line of the `[keys]` section as the config file gives it. */
export interface KeyRemapLine {
  line: number;
  key: string;
  values: readonly string[];
}

export interface KeyRemap {
  /** The action's name in the file (`tasks.status`). */
  name: string;
  layer: RemappableLayer;
  binding: KeyBinding;
  keys: string[];
  /** The default keys, before any remap. */
  defaults: readonly string[];
  line: number;
}

export interface KeyRemapProblem {
  line: number;
  message: string;
}

/** Every binding's own keys and help label, as the keymaps wrote them (remaps start from these). */
const DEFAULTS = new Map<KeyBinding, { keys: readonly string[]; label: string | undefined }>(REMAPPABLE_LAYERS.flatMap((l) => l.bindings.map((b) => [b, { keys: b.keys, label: b.label }] as const)));

function findAction(name: string): { layer: RemappableLayer; binding: KeyBinding } | null {
  for (const layer of REMAPPABLE_LAYERS) {
    if (layer.prefix !== '' && !name.startsWith(layer.prefix)) continue;
    const binding = layer.bindings.find((b) => `${layer.prefix}${b.action}` === name);
    if (binding) return { layer, binding };
  }
  return null;
}

/** The remaps the lines ask for, and a problem (with what to do) for each line that is ignored. */
export function readKeyRemaps(lines: readonly KeyRemapLine[]): { remaps: KeyRemap[]; problems: KeyRemapProblem[] } {
  const remaps: KeyRemap[] = [];
  const problems: KeyRemapProblem[] = [];
  for (const { line, key: name, values } of lines) {
    const problem = (message: string) => void problems.push({ line, message });
    const fixed = Object.entries(FIXED_PREFIXES).find(([prefix]) => name.startsWith(prefix));
    if (fixed) {
      problem(`"${name}" cannot be remapped: ${fixed[1]}. Remove the line.`);
      continue;
    }
    const found = findAction(name);
    if (!found) {
      problem(`"${name}" is not an action that can be remapped; remove the line or use one of: ${remappableActionNames().join(', ')}.`);
      continue;
    }
    const fixedAction = found.layer.fixed?.[found.binding.action];
    if (fixedAction !== undefined) {
      problem(`"${name}" cannot be remapped: ${fixedAction}. Remove the line.`);
      continue;
    }
    const keys = values.map((v) => ({ written: v, name: parseKeyName(v) }));
    const unknown = keys.find((k) => k.name === null);
    if (unknown) {
      problem(`"${unknown.written}" (for ${name}) is not a key name: write a character, Enter, Esc, Tab, Shift+Tab, Space, Up, Down, Left, Right, PgUp, PgDn, Home, End or Ctrl+<letter>.`);
      continue;
    }
    const named = keys.map((k) => k.name as string);
    const fixedKey = named.find((k) => FIXED_KEYS[k] !== undefined);
    if (fixedKey) {
      problem(`${fixedKey} cannot be bound to ${name}: ${FIXED_KEYS[fixedKey] ?? ''}. Choose another key.`);
      continue;
    }
    if (named.length === 0) {
      problem(`${name} is given no key; name one ("x") or a list (["x", "Ctrl+X"]), or remove the line to keep ${DEFAULTS.get(found.binding)?.keys.join(' ') ?? 'its default'}.`);
      continue;
    }
    const earlier = remaps.findIndex((r) => r.binding === found.binding);
    if (earlier >= 0) remaps.splice(earlier, 1);
    remaps.push({ name, ...found, keys: [...new Set(named)], defaults: DEFAULTS.get(found.binding)?.keys ?? found.binding.keys, line });
  }
  return withoutConflicts(remaps, problems);
}

/** A remap whose key another action of its view also has (remapped or by default) is dropped, named as a conflict. */
function withoutConflicts(remaps: KeyRemap[], problems: KeyRemapProblem[]): { remaps: KeyRemap[]; problems: KeyRemapProblem[] } {
  const kept: KeyRemap[] = [];
  for (const remap of remaps) {
    const keysOf = (b: KeyBinding) => kept.find((r) => r.binding === b)?.keys ?? remaps.find((r) => r.binding === b && r.line < remap.line)?.keys ?? DEFAULTS.get(b)?.keys ?? b.keys;
    const clash = keymapsBeside(remap.layer).flatMap((keymap) =>
      keymap.bindings.flatMap((other) => {
        if (other === remap.binding) return [];
        // Two actions that share a key by default (Tasks' l: a column in the board, a PR link in the list) may keep it.
        const sharedByDefault = (k: string) => (DEFAULTS.get(other)?.keys ?? other.keys).includes(k) && (DEFAULTS.get(remap.binding)?.keys ?? []).includes(k);
        const key = remap.keys.find((k) => keysOf(other).includes(k) && !sharedByDefault(k));
        return key === undefined ? [] : [{ keymap, other, key }];
      }),
    )[0];
    if (clash) {
      const otherName = `${clash.keymap.prefix}${clash.other.action}`;
      const where = clash.keymap === remap.layer ? remap.layer.title : `${clash.keymap.title}; ${remap.layer.title} and it answer keys together`;
      const remappable = REMAPPABLE_LAYERS.find((l) => l === clash.keymap)?.fixed?.[clash.other.action] === undefined && REMAPPABLE_LAYERS.some((l) => l === clash.keymap);
      const fix = remappable ? `, or remap ${otherName} too` : '';
      problems.push({ line: remap.line, message: `${clash.key} would ask for both ${remap.name} and ${otherName} (${where}): the line is ignored. Bind ${remap.name} to another key${fix}.` });
    } else kept.push(remap);
  }
  return { remaps: kept, problems: problems.sort((a, b) => a.line - b.line) };
}

/** The help label with the old keys' names replaced by the new ones (`g  G` → `a  G`). */
function relabel(label: string, from: readonly string[], to: readonly string[]): string {
  const tokens = label.split(/(\s+)/);
  let placed = false;
  const out = tokens.flatMap((t) => {
    const i = from.indexOf(t);
    if (i < 0) return [t];
    if (placed) return [];
    placed = true;
    return [to.join(' ')];
  });
  // A key left out of "i  or  c" takes its "or" with it.
  return out.join('').replace(/\s{3,}/g, '  ').trim().replace(/^or\s+|\s+or$/g, '');
}

/** Puts every binding back to its keymap's keys, then applies `remaps`. Called at start (and by tests). */
export function applyKeyRemaps(remaps: readonly KeyRemap[]): void {
  for (const [binding, original] of DEFAULTS) {
    binding.keys = original.keys;
    binding.label = original.label;
  }
  for (const remap of remaps) {
    remap.binding.keys = remap.keys;
    // A binding without help of its own is named in another's label (`g  G`, `PgDn  PgUp`): that label follows.
    const labelled = remap.binding.help === undefined ? remap.layer.bindings : [remap.binding];
    for (const b of labelled) if (b.label !== undefined) b.label = relabel(b.label, remap.defaults, remap.keys);
  }
}
