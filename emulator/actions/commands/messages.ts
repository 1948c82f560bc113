// Reactions, pins and deleting one's own messages. Reactions and pins are kept in their own
// tables (visible in GET /_emulator/state and in these commands' answers); the Message wire shape
// stays as the contract defines it.
import { COMMANDS } from '../../../shared/contract';
import { conflict, permissionRequired } from '../../errors';
import type { Services } from '../../types';
import { readableMessage, str, type CommandHandler } from '../command';
import { assertEmoji } from './emoji';

export interface ReactionSummary {
  emoji: string;
  count: number;
  me: boolean;
}

export function reactionSummary(svc: Services, messageId: string, personId: string): ReactionSummary[] {
  const rows = svc.db
    .prepare('SELECT emoji, COUNT(*) AS count, MAX(person_id = ?) AS me, MIN(created_at) AS first FROM reactions WHERE message_id = ? GROUP BY emoji ORDER BY first')
    .all(personId, messageId) as { emoji: string; count: number; me: number }[];
  return rows.map((r) => ({ emoji: r.emoji, count: r.count, me: r.me === 1 }));
}

/** Adds a reaction (also used by automations, with the automation's author). Idempotent. */
export function addReaction(svc: Services, messageId: string, personId: string, emoji: string): void {
  svc.db.prepare('INSERT OR IGNORE INTO reactions (message_id, person_id, emoji, created_at) VALUES (?, ?, ?, ?)').run(messageId, personId, emoji, svc.nextTimestamp());
}

const addReactionCommand: CommandHandler = (c) => {
  const { message } = readableMessage(c, str(c.input, 'messageId'));
  const emoji = assertEmoji(str(c.input, 'emoji'));
  addReaction(c.svc, message.id, c.who.personId, emoji);
  return { messageId: message.id, reactions: reactionSummary(c.svc, message.id, c.who.personId) };
};

const removeReactionCommand: CommandHandler = (c) => {
  const { message } = readableMessage(c, str(c.input, 'messageId'));
  const emoji = assertEmoji(str(c.input, 'emoji'));
  const removed = c.svc.db.prepare('DELETE FROM reactions WHERE message_id = ? AND person_id = ? AND emoji = ?').run(message.id, c.who.personId, emoji).changes > 0;
  return { messageId: message.id, removed, reactions: reactionSummary(c.svc, message.id, c.who.personId) };
};

const pinMessage: CommandHandler = (c) => {
  const { message, channel } = readableMessage(c, str(c.input, 'messageId'));
  if (channel.archived) throw conflict('The channel is archived.', 'Restore it first (restore_channel).');
  const added = c.svc.db
    .prepare('INSERT OR IGNORE INTO pins (message_id, channel_id, pinned_by, pinned_at) VALUES (?, ?, ?, ?)')
    .run(message.id, channel.id, c.who.personId, c.svc.nextTimestamp()).changes > 0;
  return { messageId: message.id, pinned: true, alreadyPinned: !added };
};

const unpinMessage: CommandHandler = (c) => {
  const { message } = readableMessage(c, str(c.input, 'messageId'));
  const removed = c.svc.db.prepare('DELETE FROM pins WHERE message_id = ?').run(message.id).changes > 0;
  return { messageId: message.id, pinned: false, wasPinned: removed };
};

/** Deletes one's own message; deleting a thread root deletes its replies with it. */
const deleteMessage: CommandHandler = (c) => {
  const { db } = c.svc;
  const { message } = readableMessage(c, str(c.input, 'messageId'));
  if (message.author_kind !== 'person' || message.author_id !== c.who.personId) {
    throw permissionRequired('You can delete only your own messages.', 'Ask the author (or, for agent replies, the agent owner) to delete it.');
  }
  const replies = (db.prepare('SELECT id FROM messages WHERE parent_id = ?').all(message.id) as { id: string }[]).map((r) => r.id);
  for (const id of [message.id, ...replies]) {
    db.prepare('DELETE FROM reactions WHERE message_id = ?').run(id);
    db.prepare('DELETE FROM pins WHERE message_id = ?').run(id);
    db.prepare('DELETE FROM messages WHERE id = ?').run(id);
  }
  return { deleted: true, messageId: message.id, repliesDeleted: replies.length };
};

export const messageCommands: Record<string, CommandHandler> = {
  [COMMANDS.addReaction]: addReactionCommand,
  [COMMANDS.removeReaction]: removeReactionCommand,
  [COMMANDS.pinMessage]: pinMessage,
  [COMMANDS.unpinMessage]: unpinMessage,
  [COMMANDS.deleteMessage]: deleteMessage,
};
