// Which of a service's commands is the one a face means. The spec lets a service name its generic
// commands as it likes ("other command names come from list_capabilities"); it does not say how
// another name maps to ours, so the rule here is the narrowest that still finds a renamed command:
// the same words, in any order, case or separator (get_task = task_get = getTask = task.get).
// Anything looser (plurals, synonyms) would guess, and a wrong guess runs the wrong command.

export type CommandResolution =
  | { kind: 'same'; name: string }
  | { kind: 'renamed'; name: string }
  | { kind: 'absent' }
  | { kind: 'ambiguous'; names: string[] };

/** The words of a command name, lower-cased and sorted: `getTask` and `task.get` → "get task". */
export function commandWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .sort()
    .join(' ');
}

export function resolveCommandName(wanted: string, offered: readonly string[]): CommandResolution {
  if (offered.includes(wanted)) return { kind: 'same', name: wanted };
  const words = commandWords(wanted);
  const matches = offered.filter((name) => commandWords(name) === words);
  if (matches.length === 1) return { kind: 'renamed', name: matches[0] as string };
  if (matches.length > 1) return { kind: 'ambiguous', names: matches };
  return { kind: 'absent' };
}
