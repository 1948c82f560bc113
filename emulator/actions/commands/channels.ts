// Channel commands. Names are unique among channels (case-insensitive, DMs aside); archived
// channels are read-only until restored; DMs cannot be renamed, archived, joined or left.
import { COMMANDS } from '../../../shared/contract';
import { isAdminRole } from '../../auth';
import { isMember } from '../../access';
import { conflict, invalidRequest, permissionRequired } from '../../errors';
import type { ChannelRecord } from '../../store/records';
import { readableChannel, requireWorkspace, str, type CommandContext, type CommandHandler } from '../command';

function channelOut(ch: ChannelRecord) {
  return { id: ch.id, name: ch.name, description: ch.description, kind: ch.kind, private: ch.private, archived: ch.archived, room_icon: ch.room_icon };
}

function cleanName(raw: string): string {
  const name = raw.trim().replace(/^#/, '');
  if (!name) throw invalidRequest('name must not be blank.', 'Send a channel name of 1 to 80 characters.');
  return name;
}

function assertNameFree(c: CommandContext, name: string, exceptId: string | null): void {
  const taken = c.svc.db
    .prepare("SELECT id FROM channels WHERE kind = 'channel' AND lower(name) = lower(?) AND id IS NOT ?")
    .get(name, exceptId);
  if (taken) throw conflict(`A channel named '${name}' already exists.`, 'Pick another name.');
}

function notDm(ch: ChannelRecord, what: string): void {
  if (ch.kind === 'dm') throw invalidRequest(`A direct message cannot be ${what}.`, 'Use a channel id (kind channel).');
}

function reload(c: CommandContext, id: string): ChannelRecord {
  return readableChannel(c, id);
}

const createChannel: CommandHandler = (c) => {
  const { svc, who, input } = c;
  requireWorkspace(c, str(input, 'workspaceId'));
  const name = cleanName(str(input, 'name'));
  assertNameFree(c, name, null);
  const id = svc.newId();
  svc.db
    .prepare('INSERT INTO channels (id, name, description, kind, private, archived, room_icon, created_at) VALUES (?, ?, ?, ?, ?, 0, ?, ?)')
    .run(id, name, str(input, 'description'), 'channel', input.isPrivate === true ? 1 : 0, (input.roomIcon as string | null | undefined) ?? null, svc.nextTimestamp());
  svc.db.prepare("INSERT INTO channel_members (channel_id, member_id, member_kind) VALUES (?, ?, 'person')").run(id, who.personId);
  return { channel: channelOut(reload(c, id)) };
};

const updateChannel: CommandHandler = (c) => {
  const { svc, who, input } = c;
  const ch = readableChannel(c, str(input, 'channelId'));
  notDm(ch, 'renamed or restyled');
  if (ch.archived) throw conflict('The channel is archived.', 'Restore it first (restore_channel), then update it.');
  if (!isAdminRole(who.role) && !isMember(svc, ch.id, who.personId)) {
    throw permissionRequired('Only members of the channel or workspace admins can change it.', 'Join the channel first (join_channel) or ask an admin.');
  }
  if (input.name === undefined && input.description === undefined && input.roomIcon === undefined) {
    throw invalidRequest('Nothing to change.', 'Send name, description and/or roomIcon.');
  }
  const name = input.name === undefined ? ch.name : cleanName(str(input, 'name'));
  if (name.toLowerCase() !== ch.name.toLowerCase()) assertNameFree(c, name, ch.id);
  const description = input.description === undefined ? ch.description : str(input, 'description');
  const roomIcon = input.roomIcon === undefined ? ch.room_icon : ((input.roomIcon as string | null) ?? null);
  svc.db.prepare('UPDATE channels SET name = ?, description = ?, room_icon = ? WHERE id = ?').run(name, description, roomIcon, ch.id);
  return { channel: channelOut(reload(c, ch.id)) };
};

function setArchived(archived: boolean): CommandHandler {
  return (c) => {
    const ch = readableChannel(c, str(c.input, 'channelId'));
    notDm(ch, archived ? 'archived' : 'restored');
    if (ch.archived === archived) {
      throw conflict(`The channel is already ${archived ? 'archived' : 'active'}.`, archived ? 'Nothing to do.' : 'Nothing to do; it is active.');
    }
    c.svc.db.prepare('UPDATE channels SET archived = ? WHERE id = ?').run(archived ? 1 : 0, ch.id);
    return { channel: channelOut(reload(c, ch.id)) };
  };
}

const joinChannel: CommandHandler = (c) => {
  const ch = readableChannel(c, str(c.input, 'channelId'));
  notDm(ch, 'joined');
  if (ch.archived) throw conflict('The channel is archived.', 'Ask an admin to restore it (restore_channel) first.');
  const already = isMember(c.svc, ch.id, c.who.personId);
  if (!already) c.svc.db.prepare("INSERT INTO channel_members (channel_id, member_id, member_kind) VALUES (?, ?, 'person')").run(ch.id, c.who.personId);
  return { joined: true, alreadyMember: already, channelId: ch.id };
};

const leaveChannel: CommandHandler = (c) => {
  const ch = readableChannel(c, str(c.input, 'channelId'));
  notDm(ch, 'left');
  if (!isMember(c.svc, ch.id, c.who.personId)) throw conflict('You are not a member of this channel.', 'Nothing to leave; join_channel adds you.');
  c.svc.db.prepare('DELETE FROM channel_members WHERE channel_id = ? AND member_id = ?').run(ch.id, c.who.personId);
  return { left: true, channelId: ch.id };
};

const deleteChannel: CommandHandler = (c) => {
  const { db } = c.svc;
  const ch = readableChannel(c, str(c.input, 'channelId'));
  notDm(ch, 'deleted');
  const ids = (db.prepare('SELECT id FROM messages WHERE channel_id = ?').all(ch.id) as { id: string }[]).map((r) => r.id);
  for (const id of ids) db.prepare('DELETE FROM reactions WHERE message_id = ?').run(id);
  db.prepare('DELETE FROM pins WHERE channel_id = ?').run(ch.id);
  db.prepare('DELETE FROM messages WHERE channel_id = ?').run(ch.id);
  db.prepare('DELETE FROM channel_members WHERE channel_id = ?').run(ch.id);
  db.prepare('DELETE FROM channels WHERE id = ?').run(ch.id);
  return { deleted: true, channelId: ch.id, messagesDeleted: ids.length };
};

export const channelCommands: Record<string, CommandHandler> = {
  [COMMANDS.createChannel]: createChannel,
  [COMMANDS.updateChannel]: updateChannel,
  [COMMANDS.archiveChannel]: setArchived(true),
  [COMMANDS.restoreChannel]: setArchived(false),
  [COMMANDS.joinChannel]: joinChannel,
  [COMMANDS.leaveChannel]: leaveChannel,
  [COMMANDS.deleteChannel]: deleteChannel,
};
