// The line mode of `wsc` (accessible mode): what the full-screen UI shows, as plain lines appended in
// order — no alternate screen, no cursor movement, nothing redrawn — and commands typed on an
// ordinary line prompt (node:readline in the terminal's own line mode, no raw mode). It opens where
// the full-screen UI would (its start view), then says what arrives: the open conversation's new
// messages, mentions, inbox items, unread rooms, writes queued or refused. Reading, sending and the
// live feed are the shared sessions (line-live.ts); the words are line-text.ts; the commands,
// line-commands.ts.
import { createInterface } from 'node:readline';
import { compareTimestamps, describeOutboxOperation, loadWholeTasks, roomName, sanitizeTerminalLine, term, type Channel, type Client, type Identity, type Message, type MentionRow, type SafeText } from '../../shared/index';
import type { StartView } from '../../term/tui-config';
import { describeError } from '../format';
import type { LocalState } from '../local-state';
import { LineConversation, type LineTarget } from './line-conversation';
import { findRoom, LINE_HELP, parseLineCommand, type LineCommand } from './line-commands';
import { startLineLive, type LineLive } from './line-live';
import { inboxHeading, inboxLine, mentionChoiceLine, mentionLine, outboxStateLine, roomChoiceLine, roomWords, taskLine } from './line-text';

/** Lists say at most this many rows; the rest is counted. */
const LIST_MAX = 20;
/** The room list is read again on a cue at most this often. */
const ROOMS_EVERY_MS = 2_000;

export interface LineFaceOptions {
  client: Client;
  me: Identity;
  sourceLabel: string;
  state: LocalState;
  startView: StartView;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** false in tests that need no realtime socket. */
  doorbell?: boolean;
  /** Called with a function that ends the line mode (a signal, the terminal gone). */
  onEndRequest?(end: () => void): void;
}

interface Choice {
  count: number;
  choose(index: number): Promise<void>;
}

const safe = (s: string): SafeText => sanitizeTerminalLine(s);

/** Runs until /quit, Ctrl+D or Ctrl+C; resolves to the exit status. */
export async function runLineFace(options: LineFaceOptions): Promise<number> {
  const face = new LineFace(options);
  return face.run();
}

class LineFace {
  readonly #o: LineFaceOptions;
  readonly #reader: { name: string; handle: string };
  #rooms: Channel[] = [];
  #roomsReadAt = 0;
  #conversation: LineConversation | null = null;
  #choice: Choice | null = null;
  #live: LineLive | undefined;
  #ended = false;

  constructor(options: LineFaceOptions) {
    this.#o = options;
    this.#reader = { name: options.me.name, handle: options.me.handle };
  }

  print(line: SafeText): void {
    if (!this.#ended) this.#o.output.write(`${line}\n`);
  }

  async run(): Promise<number> {
    const { me, sourceLabel } = this.#o;
    this.print(term`wsc in line mode (accessible mode). Signed in as ${safe(me.name)} (@${safe(me.handle)}) in ${safe(me.workspace)}, ${safe(sourceLabel)}.`);
    this.print(term`Type /help for the commands, /quit to leave.`);
    const lines = createInterface({ input: this.#o.input, terminal: false });
    const end = () => lines.close();
    this.#o.onEndRequest?.(end);
    // The terminal's line mode turns Ctrl+C into SIGINT: it leaves as /quit does.
    process.on('SIGINT', end);
    this.#live = startLineLive({ client: this.#o.client, me, ...(this.#o.doorbell === undefined ? {} : { doorbell: this.#o.doorbell }), events: this.#events() });
    try {
      await this.#readRooms();
      await this.#start();
      for await (const line of lines) {
        if ((await this.#act(parseLineCommand(line))) === 'quit') break;
      }
      this.print(term`Goodbye.`);
      return 0;
    } finally {
      this.#ended = true;
      process.off('SIGINT', end);
      lines.close();
      this.#conversation?.close();
      await this.#live.stop();
    }
  }

  #events(): Parameters<typeof startLineLive>[0]['events'] {
    return {
      cue: () => {
        void this.#conversation?.poll().catch((error: unknown) => this.#failed(error, 'read new messages'));
        if (Date.now() - this.#roomsReadAt >= ROOMS_EVERY_MS) void this.#readRooms(true);
      },
      mention: (row) => {
        // In the open conversation the message itself arrives, saying "mentions you".
        if (this.#isOpen(row)) return;
        this.print(mentionLine(row, this.#whereOf(row.channel_id)));
      },
      arrived: (items) => items.forEach((item) => this.print(inboxLine(item))),
      reconnecting: (now) =>
        this.print(now ? term`The service cannot be reached; wsc keeps trying. What you post is queued and sent when it is back.` : term`Connected to the service again.`),
      unauthorized: () => this.print(term`The service refused the token; nothing new arrives. Run \`wsc login\` in another terminal, then /quit and start wsc again.`),
      failed: (error, doing) => this.#failed(error, doing),
      refused: (entry, said) => this.print(outboxStateLine(entry, describeOutboxOperation(entry.operation), said)),
      sent: (entry) => {
        const op = entry.operation;
        if (op.kind !== 'post') return;
        const conv = this.#conversation;
        const here = conv !== null && op.channelId === conv.channel.id && (op.parentId ?? undefined) === conv.rootId;
        if (here) void conv.poll().catch((error: unknown) => this.#failed(error, 'read new messages'));
        else this.print(term`Sent: ${safe(describeOutboxOperation(op))}.`);
      },
    };
  }

  #failed(error: unknown, doing: string): void {
    const d = describeError(error);
    this.print(term`Could not ${safe(doing)}: ${d.message}${d.hint ? term` ${d.hint}` : term``}`);
  }

  #isOpen(row: MentionRow): boolean {
    const conv = this.#conversation;
    if (conv === null || conv.channel.id !== row.channel_id) return false;
    return (row.parent_id ?? undefined) === conv.rootId;
  }

  #whereOf(channelId: string): SafeText {
    const room = this.#rooms.find((c) => c.id === channelId);
    return room ? roomWords(room, this.#reader) : term`a room you have not opened`;
  }

  /** The rooms in the full-screen sidebar's order: channels, then direct messages. */
  async #readRooms(announce = false): Promise<void> {
    this.#roomsReadAt = Date.now();
    let list: Channel[];
    try {
      list = (await this.#o.client.channels()).filter((c) => !c.archived);
    } catch (error) {
      if (!announce) this.#failed(error, 'read the room list');
      return;
    }
    const before = new Map(this.#rooms.map((c) => [c.id, c.last_message_at]));
    this.#rooms = [...list.filter((c) => c.kind !== 'dm'), ...list.filter((c) => c.kind === 'dm')];
    if (!announce) return;
    this.#rooms.forEach((c, i) => {
      const was = before.get(c.id);
      const moved = was === undefined ? false : c.last_message_at !== null && (was === null || compareTimestamps(c.last_message_at, was) > 0);
      // A DM's messages arrive as "Direct message:" lines from the mention feed.
      if (moved && c.kind !== 'dm' && c.id !== this.#conversation?.channel.id && this.#o.state.isUnread(c.id, c.last_message_at)) {
        this.print(term`New messages in ${roomWords(c, this.#reader)}, unread. /open ${i + 1} opens it.`);
      }
    });
  }

  async #start(): Promise<void> {
    switch (this.#o.startView) {
      case 'inbox':
        return this.#listInbox();
      case 'mentions':
        return this.#listMentions();
      case 'tasks':
        await this.#listTasks();
        return this.#listRooms(true);
      case 'recent':
        return this.#listRooms(true, true);
      case 'docs':
        this.print(term`The docs are not shown in line mode: \`wsc doc list\` lists them, \`wsc doc get ID\` prints one.`);
        return this.#listRooms(true);
      case 'welcome':
        return this.#listRooms(true);
    }
  }

  async #act(command: LineCommand): Promise<'quit' | void> {
    const choice = this.#choice;
    if (command.kind !== 'empty') this.#choice = null;
    switch (command.kind) {
      case 'empty':
        return;
      case 'quit':
        return 'quit';
      case 'help':
        LINE_HELP.forEach((line) => this.print(safe(line)));
        return;
      case 'choose':
        if (choice === null) return this.print(term`There is no question to answer with a number. To post ${command.number} as a message, type //${command.number}.`);
        if (command.number < 1 || command.number > choice.count) {
          this.#choice = choice;
          return this.print(term`That is not one of the numbers 1 to ${choice.count}. Type one of them, or anything else to go on.`);
        }
        return choice.choose(command.number - 1);
      case 'usage':
        return this.print(safe(command.message));
      case 'post':
        return this.#post(command.text);
      case 'open':
        if (command.target === null) return this.#listRooms(true);
        return this.#openNamed(command.target);
      case 'rooms':
        return this.#listRooms(true);
      case 'mentions':
        return this.#listMentions();
      case 'inbox':
        return this.#listInbox();
      case 'tasks':
        return this.#listTasks();
      case 'thread':
        return this.#openThread(command.number);
      case 'reply':
        return this.#reply(command.number, command.text);
      case 'back': {
        const conv = this.#conversation;
        if (conv?.target.kind !== 'thread') return this.print(term`No thread is open; /back leaves a thread for its room.`);
        return this.#open({ kind: 'channel', channel: conv.channel });
      }
    }
  }

  async #listRooms(asChoice: boolean, byActivity = false): Promise<void> {
    if (this.#rooms.length === 0) await this.#readRooms();
    const rooms = byActivity ? [...this.#rooms].sort((a, b) => compareTimestamps(b.last_message_at ?? '0', a.last_message_at ?? '0')) : this.#rooms;
    if (rooms.length === 0) return this.print(term`No rooms to show.`);
    this.print(byActivity ? term`Rooms, newest activity first, ${rooms.length} in all:` : term`Rooms, ${rooms.length} in all:`);
    const openId = this.#conversation?.channel.id;
    const mentions = this.#live?.mentions.rows() ?? [];
    rooms.forEach((c, i) => {
      const seen = this.#o.state.lastSeen(c.id);
      const mentioned = c.id !== openId && mentions.some((m) => m.channel_id === c.id && (seen === undefined || compareTimestamps(m.created_at, seen) > 0));
      this.print(roomChoiceLine(i + 1, c, { unread: c.id !== openId && this.#o.state.isUnread(c.id, c.last_message_at), mentioned, open: c.id === openId }, this.#reader));
    });
    if (!asChoice) return;
    this.print(term`Type a room's number and press Enter to open it.`);
    this.#choice = { count: rooms.length, choose: (i) => this.#open({ kind: 'channel', channel: rooms[i] as Channel }) };
  }

  async #openNamed(target: string): Promise<void> {
    if (this.#rooms.length === 0) await this.#readRooms();
    const found = findRoom(this.#rooms, target, (c) => [c.name, roomName(c, this.#reader)]);
    if ('problem' in found) return this.print(safe(found.problem));
    return this.#open({ kind: 'channel', channel: found.room });
  }

  async #open(target: LineTarget): Promise<void> {
    this.#conversation?.close();
    const conv = new LineConversation({
      client: this.#o.client,
      target,
      me: { handle: this.#o.me.handle, reader: this.#reader },
      print: (line) => this.print(line),
      seen: (channelId, at) => this.#o.state.markSeen(channelId, at),
    });
    this.#conversation = conv;
    try {
      await conv.open();
      if (target.kind === 'channel') this.print(term`Type a message and press Enter to post it in ${roomWords(target.channel, this.#reader)}.`);
      else this.print(term`Type a reply and press Enter to post it in this thread.`);
    } catch (error) {
      this.#failed(error, 'open it');
    }
  }

  #message(number: number): { problem: SafeText } | { message: Message; conv: LineConversation } {
    const conv = this.#conversation;
    if (conv === null) return { problem: term`No room is open. Type /open to choose one.` };
    if (conv.target.kind === 'thread') return { problem: term`Message numbers belong to a room; /back returns to it.` };
    const message = conv.message(number);
    return message ? { message, conv } : { problem: term`There is no message ${number} in ${conv.where()}; the numbers are before each message.` };
  }

  async #openThread(number: number): Promise<void> {
    const found = this.#message(number);
    if ('problem' in found) return this.print(found.problem);
    return this.#open({ kind: 'thread', channel: found.conv.channel, rootId: found.message.parent_id ?? found.message.id });
  }

  async #reply(number: number, text: string): Promise<void> {
    const found = this.#message(number);
    if ('problem' in found) return this.print(found.problem);
    return this.#send(found.conv.channel, text, found.message.id);
  }

  async #post(text: string): Promise<void> {
    const conv = this.#conversation;
    if (conv === null) return this.print(term`No room is open, so nothing was posted. Type /open to choose a room, then type the message again.`);
    return this.#send(conv.channel, text, conv.rootId);
  }

  /** Through the outbox session (the one send policy): queued at once, sent behind what waits. */
  async #send(channel: Channel, body: string, parentId: string | undefined): Promise<void> {
    const outbox = await (this.#live as LineLive).outbox();
    if (outbox instanceof Error) return this.#failed(new Error(`the outbox could not be opened (${outbox.message}), so nothing was sent. Copy your text, then /quit and start wsc again, or run \`wsc doctor\`.`), 'send');
    const { settled } = await outbox.send({ kind: 'post', channelId: channel.id, channelName: channel.name, channelKind: channel.kind, body, ...(parentId ? { parentId } : {}) });
    void settled.then((outcome) => {
      // Sent: the message arrives as a line (or "Sent:" elsewhere, see `sent`); refused: `refused` says it.
      if (outcome.kind === 'queued') this.print(outboxStateLine(outcome.entry, describeOutboxOperation(outcome.entry.operation), outcome.reason));
    });
  }

  async #listMentions(): Promise<void> {
    const rows = this.#live?.mentions.rows() ?? [];
    if (rows.length === 0) return this.print(term`No mentions or direct messages addressed to you yet (they are still being read right after the start).`);
    const shown = rows.slice(0, LIST_MAX);
    this.print(term`Your mentions and direct messages, newest first, ${shown.length} of ${rows.length}:`);
    shown.forEach((row, i) => this.print(mentionChoiceLine(i + 1, row, this.#whereOf(row.channel_id))));
    this.print(term`Type a number and press Enter to open its conversation.`);
    this.#choice = { count: shown.length, choose: (i) => this.#openMessage((shown[i] as MentionRow).channel_id, (shown[i] as MentionRow).parent_id) };
  }

  async #openMessage(channelId: string, threadId: string | null | undefined): Promise<void> {
    if (!this.#rooms.some((c) => c.id === channelId)) await this.#readRooms();
    const channel = this.#rooms.find((c) => c.id === channelId);
    if (!channel) return this.print(term`That room is not in your room list any more (it may be archived, or you left it).`);
    return this.#open(threadId ? { kind: 'thread', channel, rootId: threadId } : { kind: 'channel', channel });
  }

  async #listInbox(): Promise<void> {
    const session = await (this.#live as LineLive).inbox();
    if (session instanceof Error) return this.#failed(new Error(`the inbox could not be opened (${session.message}). The rest of wsc works; /quit and start wsc again to retry, or run \`wsc doctor\`.`), 'open the inbox');
    const items = session.items();
    this.print(inboxHeading(items));
    const shown = items.slice(0, LIST_MAX);
    shown.forEach((item, i) => this.print(inboxLine(item, i + 1)));
    if (items.length > shown.length) this.print(term`${items.length - shown.length} more: \`wsc inbox\` lists them all.`);
    if (shown.length === 0) return;
    this.print(term`Type a number and press Enter to open it.`);
    this.#choice = {
      count: shown.length,
      choose: async (i) => {
        const item = shown[i];
        if (!item) return;
        await session.mark([item.id], 'read').catch(() => undefined);
        const t = item.target;
        if (t.kind === 'message') return this.#openMessage(t.channelId, t.threadId);
        if (t.kind === 'task') return this.print(term`\`wsc task show ${safe(t.ref)}\` prints this task.`);
        if (t.kind === 'outbox') return this.print(term`\`wsc outbox list\` shows this write; \`wsc outbox retry ${t.entryId}\` sends it again.`);
        if (t.kind === 'doc') return this.print(term`\`wsc doc get ${safe(t.docId)}\` prints this doc.`);
        return this.print(term`This run opens in the full-screen UI (start wsc without accessible mode) or in VS Code.`);
      },
    };
  }

  async #listTasks(): Promise<void> {
    try {
      const whole = await loadWholeTasks(this.#o.client, { assignee: 'me' });
      const open = whole.tasks.filter((t) => t.status !== 'done' && t.status !== 'canceled');
      if (open.length === 0) return this.print(term`No open tasks are assigned to you.`);
      this.print(term`Your open tasks, ${open.length}${whole.truncated ? term` or more` : term``}:`);
      open.slice(0, LIST_MAX).forEach((t, i) => this.print(taskLine(i + 1, t)));
      if (open.length > LIST_MAX) this.print(term`${open.length - LIST_MAX} more: \`wsc task list --assignee me\` lists them all.`);
    } catch (error) {
      this.#failed(error, 'read your tasks');
    }
  }
}
