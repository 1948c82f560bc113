// One shared copy of the parts that repeat across a conversation's messages. Every page parsed from
// JSON brings its own author object and its own copies of the channel id and the client name; with
// 100,000 messages loaded that is 100,000 author objects for a handful of people.
import type { Author, Message } from '../../shared/index';

export class MessageInterner {
  private readonly authors = new Map<string, Author>();
  private readonly strings = new Map<string, string>();

  /** Points `m`'s repeated parts at the shared copies (in place: the message is ours, fresh from a page). */
  intern(m: Message): Message {
    const a = m.author;
    const key = `${a.id}\u0000${a.kind}\u0000${a.name}\u0000${a.handle}`;
    const author = this.authors.get(key);
    if (author) m.author = author;
    else this.authors.set(key, a);
    m.channel_id = this.string(m.channel_id);
    if (m.via !== null) m.via = this.string(m.via);
    return m;
  }

  private string(s: string): string {
    const known = this.strings.get(s);
    if (known !== undefined) return known;
    this.strings.set(s, s);
    return s;
  }
}
