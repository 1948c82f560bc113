// What a line typed at the line mode's prompt asks for: text posts to the open conversation, a
// line starting with `/` is a command (`//` posts a line that starts with `/`). Pure: the face
// (line-face.ts) acts on what this returns.

export type LineCommand =
  | { kind: 'empty' }
  | { kind: 'post'; text: string }
  /** `/open` alone lists the rooms to choose from; `/open 2`, `/open #general`, `/open Mike`. */
  | { kind: 'open'; target: string | null }
  | { kind: 'rooms' }
  | { kind: 'mentions' }
  | { kind: 'inbox' }
  | { kind: 'tasks' }
  | { kind: 'thread'; number: number }
  | { kind: 'reply'; number: number; text: string }
  /** Leaves a thread for its room. */
  | { kind: 'back' }
  | { kind: 'help' }
  | { kind: 'quit' }
  /** A bare number: the answer to the numbered question asked last. */
  | { kind: 'choose'; number: number }
  /** A command typed wrong: what to say. */
  | { kind: 'usage'; message: string };

/** The help text, one command a line (the face prints it as is). */
export const LINE_HELP: readonly string[] = [
  'Type a message and press Enter to post it in the open room or thread.',
  '/open lists the rooms, numbered; type a number to open one. /open 2, /open #general or /open and a person\'s name open one directly.',
  '/rooms lists the rooms, with unread and mentions you said in words.',
  '/mentions lists your recent mentions and direct messages; type a number to open one.',
  '/inbox lists your inbox; type a number to open an item.',
  '/tasks lists the tasks assigned to you.',
  '/thread N opens the replies of message N; /back returns to the room.',
  '/reply N text replies to message N without opening its thread.',
  '// at the start of a line posts a line that starts with /.',
  '/help says this again; /quit leaves (Ctrl+D too).',
];

const ALIASES: Readonly<Record<string, string>> = { q: 'quit', exit: 'quit', h: 'help', '?': 'help', o: 'open', r: 'reply', t: 'thread', channels: 'rooms' };

const NUMBER = /^\d{1,6}$/;

export function parseLineCommand(line: string): LineCommand {
  const text = line.replace(/\r$/, '');
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (NUMBER.test(trimmed)) return { kind: 'choose', number: Number(trimmed) };
  if (trimmed.startsWith('//')) return { kind: 'post', text: trimmed.slice(1) };
  if (!trimmed.startsWith('/')) return { kind: 'post', text: trimmed };
  const [word = '', ...restWords] = trimmed.slice(1).split(/\s+/);
  const name = ALIASES[word.toLowerCase()] ?? word.toLowerCase();
  const rest = trimmed.slice(1 + word.length).trim();
  switch (name) {
    case 'open':
      return { kind: 'open', target: rest === '' ? null : rest };
    case 'rooms':
    case 'mentions':
    case 'inbox':
    case 'tasks':
    case 'back':
    case 'help':
    case 'quit':
      return rest === '' ? { kind: name } : { kind: 'usage', message: `/${name} takes nothing after it; type /${name} alone.` };
    case 'thread': {
      const n = restWords[0] ?? '';
      if (!NUMBER.test(n) || restWords.length > 1) return { kind: 'usage', message: '/thread takes a message number, e.g. /thread 3 (the number before the message).' };
      return { kind: 'thread', number: Number(n) };
    }
    case 'reply': {
      const n = restWords[0] ?? '';
      const body = rest.slice(n.length).trim();
      if (!NUMBER.test(n) || body === '') return { kind: 'usage', message: '/reply takes a message number and the text, e.g. /reply 3 sounds good.' };
      return { kind: 'reply', number: Number(n), text: body };
    }
    default:
      return { kind: 'usage', message: `/${word} is not a command. Type /help for the commands, or // to post a line starting with /.` };
  }
}

/** A room the words of `/open` name: a number of the room list, `#name`, a name, or a DM's person (any case, unique prefix). */
export function findRoom<T>(rooms: readonly T[], target: string, nameOf: (room: T) => readonly string[]): { room: T } | { problem: string } {
  if (NUMBER.test(target)) {
    const room = rooms[Number(target) - 1];
    return room === undefined ? { problem: `There is no room ${target}; the rooms are numbered 1 to ${rooms.length}. Type /rooms to list them.` } : { room };
  }
  const wanted = target.replace(/^[#@]/, '').trim().toLowerCase();
  const names = rooms.map((room) => ({ room, names: nameOf(room).map((n) => n.toLowerCase()) }));
  const exact = names.filter((r) => r.names.includes(wanted));
  if (exact.length === 1 && exact[0]) return { room: exact[0].room };
  const starts = names.filter((r) => r.names.some((n) => n.startsWith(wanted)));
  if (exact.length === 0 && starts.length === 1 && starts[0]) return { room: starts[0].room };
  if (exact.length + starts.length === 0) return { problem: `No room is named ${target}. Type /open alone to choose from the list.` };
  return { problem: `More than one room matches ${target}. Type /open alone and choose by number.` };
}
