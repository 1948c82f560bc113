// One shared copy of the parts that repeat across a conversation's messages. Every page parsed from
// JSON brings its own author object and its own copies of the channel id and the client name; with
// 100,000 messages loaded that is 100,000 author objects for a handful of people.
import type { Author, Message } from '../../shared/index';

export class MessageInterner {
  /** Shared authors by id (one id may come under several names or kinds over a history). */
  private readonly authors = new Map<string, Author[]>();
  private readonly strings = new Map<string, string>();

  /** Points `m`'s repeated parts at the shared copies (in place: the message is ours, fresh from a page). */
  intern(m: Message): Message {
    // Compared field by field: no key string made per message.
    const a = m.author;
    const known = this.authors.get(a.id);
    const author = known && sameAuthor(known, a);
    if (author) m.author = author;
    else if (known) known.push(a);
    else this.authors.set(a.id, [a]);
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

/** The one of `known` with `a`'s kind, name and handle (a loop: a callback would allocate per message). */
function sameAuthor(known: readonly Author[], a: Author): Author | undefined {
  for (let i = 0; i < known.length; i++) {
    const k = known[i] as Author;
    if (k.kind === a.kind && k.name === a.name && k.handle === a.handle) return k;
  }
  return undefined;
}
