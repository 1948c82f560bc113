// The conversation open in the line mode: a room's newest messages (or a thread's root and replies)
// printed once as numbered lines, oldest first, then every newer message appended as it arrives
// (read forward after the newest one shown, with the shared paging helpers, so a cue never loses or
// repeats one). Numbers count up from the first line shown: `/thread N` and `/reply N` name them.
import type { Channel, Client, Message, RoomReader, SafeText } from '../../shared/index';
import { compareTimestamps, term } from '../../shared/index';
import { messageLines, openedLine, roomWords } from './line-text';

/** How many of a room's newest messages opening it prints. */
export const OPEN_PAGE = 20;
const LIVE_PAGE = 200;

export type LineTarget = { kind: 'channel'; channel: Channel } | { kind: 'thread'; channel: Channel; rootId: string };

export interface LineConversationOptions {
  client: Client;
  target: LineTarget;
  me: { handle: string; reader: RoomReader };
  print(line: SafeText): void;
  /** The newest message shown (for the unread marks). */
  seen(channelId: string, createdAt: string): void;
}

export class LineConversation {
  readonly target: LineTarget;
  readonly #options: LineConversationOptions;
  /** Numbered messages of a room (index + 1); a thread's replies are not numbered. */
  readonly #numbered: Message[] = [];
  readonly #shown = new Set<string>();
  #newest: string | undefined;
  #polling = false;
  #again = false;
  #closed = false;

  constructor(options: LineConversationOptions) {
    this.#options = options;
    this.target = options.target;
  }

  get channel(): Channel {
    return this.target.channel;
  }

  /** The thread's root id, when a thread is open. */
  get rootId(): string | undefined {
    return this.target.kind === 'thread' ? this.target.rootId : undefined;
  }

  /** What the lines call this conversation: `#general`, or `the thread of Maria Member in #general`. */
  where(root?: Message): SafeText {
    const room = roomWords(this.channel, this.#options.me.reader);
    return this.target.kind === 'thread' && root ? term`the thread of ${messageLines(root, { showReplies: false })[0] ?? term``} in ${room}` : room;
  }

  /** A message by the number it was printed with. */
  message(number: number): Message | undefined {
    return this.#numbered[number - 1];
  }

  /** Reads and prints the newest page; rejects when it cannot be read (the face says why). */
  async open(): Promise<void> {
    const { client } = this.#options;
    if (this.target.kind === 'channel') {
      const page = await client.messages(this.channel.id, { limit: OPEN_PAGE });
      this.#options.print(openedLine(this.where(), page.messages.length, page.hasMore));
      this.#show(page.messages);
      return;
    }
    const thread = await client.thread(this.target.rootId, { limit: LIVE_PAGE });
    this.#options.print(term`Opened ${this.where(thread.root)}. ${thread.replies.length === 0 ? term`No replies yet.` : term`${thread.replies.length} ${thread.replies.length === 1 ? term`reply follows` : term`replies follow`}, oldest first${thread.hasMore ? term` (the first ${thread.replies.length})` : term``}.`} /back returns to the room.`);
    this.#shown.add(thread.root.id);
    this.#show(thread.replies);
    // A long thread: the rest is read forward from the last reply shown.
    if (thread.hasMore) await this.poll();
  }

  /** Prints what arrived after the newest message shown; a second call while one runs runs once more after it. */
  async poll(): Promise<void> {
    if (this.#polling) {
      this.#again = true;
      return;
    }
    this.#polling = true;
    try {
      do {
        this.#again = false;
        const { client } = this.#options;
        const options = { direction: 'newer' as const, limit: LIVE_PAGE, ...(this.#newest ? { from: this.#newest } : {}) };
        const newer = this.target.kind === 'channel' ? client.iterateMessages(this.channel.id, options) : client.iterateReplies(this.target.rootId, options);
        const batch: Message[] = [];
        for await (const message of newer) {
          if (this.#closed) return;
          batch.push(message);
        }
        this.#show(batch);
      } while (this.#again && !this.#closed);
    } finally {
      this.#polling = false;
    }
  }

  /** Nothing more is printed (another conversation was opened). */
  close(): void {
    this.#closed = true;
  }

  #show(messages: readonly Message[]): void {
    const { me, print } = this.#options;
    const inThread = this.target.kind === 'thread';
    for (const m of messages) {
      if (this.#closed || this.#shown.has(m.id)) continue;
      this.#shown.add(m.id);
      if (!this.#newest || compareTimestamps(m.created_at, this.#newest) > 0) this.#newest = m.created_at;
      if (!inThread) this.#numbered.push(m);
      for (const line of messageLines(m, { me: me.handle, showReplies: !inThread, ...(inThread ? {} : { number: this.#numbered.length }) })) print(line);
    }
    if (this.#newest) this.#options.seen(this.channel.id, this.#newest);
  }
}
