// What a command handler receives and the lookups most handlers share.
import { canRead, getChannel, type Reader } from '../access';
import { notFound } from '../errors';
import type { ChannelRecord, MessageRecord } from '../store/records';
import type { AuthContext, Services } from '../types';

export interface CommandContext {
  svc: Services;
  who: AuthContext;
  /** Validated input, schema defaults filled in. */
  input: Record<string, unknown>;
}

/** Returns the command's output; mutations get `{ok, receipt}` added around it. Synchronous. */
export type CommandHandler = (c: CommandContext) => Record<string, unknown>;

export function readerOf(who: AuthContext): Reader {
  return { personId: who.personId, role: who.role };
}

export function str(input: Record<string, unknown>, key: string): string {
  return String(input[key] ?? '');
}

/** A channel the caller can read; 404 otherwise (identical for missing and hidden). */
export function readableChannel(c: CommandContext, channelId: string): ChannelRecord {
  const channel = getChannel(c.svc, channelId);
  if (!channel || !canRead(c.svc, readerOf(c.who), channel)) {
    throw notFound('Channel', 'Check the channel id (GET /api/v1/channels lists the ones you can read).');
  }
  return channel;
}

/** A message in a channel the caller can read; 404 otherwise. */
export function readableMessage(c: CommandContext, messageId: string): { message: MessageRecord; channel: ChannelRecord } {
  const message = c.svc.db.prepare('SELECT * FROM messages WHERE id = ?').get(messageId) as MessageRecord | undefined;
  const channel = message ? getChannel(c.svc, message.channel_id) : null;
  if (!message || !channel || !canRead(c.svc, readerOf(c.who), channel)) {
    throw notFound('Message', 'Check the message id; read it first through the channel or thread endpoints.');
  }
  return { message, channel };
}

export function requireWorkspace(c: CommandContext, workspaceId: string): void {
  if (workspaceId !== c.svc.workspace().id) {
    throw notFound('Workspace', 'Use the workspaceId from GET /api/v1/me; a token covers one workspace.');
  }
}

export interface PersonRow {
  id: string;
  name: string;
  handle: string;
  role: string;
}

export function findPerson(svc: Services, id: string): PersonRow | null {
  return (svc.db.prepare('SELECT * FROM people WHERE id = ?').get(id) as PersonRow | undefined) ?? null;
}

export function findAgent(svc: Services, id: string): { id: string; name: string; handle: string } | null {
  return (svc.db.prepare('SELECT id, name, handle FROM agents WHERE id = ?').get(id) as { id: string; name: string; handle: string } | undefined) ?? null;
}
