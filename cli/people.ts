// `wsc people`, and people by name wherever the CLI takes one (`--assignee @dan|dan|me`). The API
// lists people only as channel members, so "everyone" is every member of every channel you can read.
import { everyone, matchPeople, personQuery, type Channel, type Client, type Member } from '../shared/index';
import { usageError } from '../term/cli-error';
import { withClient } from '../term/connect';
import { cachedMark, readLiveOrCached } from '../term/offline-cache';
import { noExtraPositionals, parseArgs } from './args';
import { createOutput, padSafe, safe, term } from './output';

/** `me`, an id, `@handle`, a handle or a full name (any case) → what the service's filter takes. */
export async function resolvePerson(client: Client, value: string, flag: string): Promise<string> {
  const query = personQuery(value);
  if (query.kind === 'me') return 'me';
  if (query.kind === 'id') return query.id;
  return (await findMember(client, value, flag)).id;
}

/** The one member a handle or name means; a usage error when it names nobody or several. */
export async function findMember(client: Client, value: string, flag: string, people?: readonly Member[]): Promise<Member> {
  const v = value.trim();
  const matches = matchPeople(people ?? (await everyone(client)), v);
  if (matches.length === 1) return matches[0] as Member;
  if (matches.length === 0) throw usageError(`${flag}: nobody called '${v}' in the channels you can read.`, "Run 'wsc people' for handles and names, or give an id or 'me'.");
  throw usageError(`${flag}: '${v}' names ${matches.length} people (${matches.map((m) => `@${m.handle}`).join(', ')}).`, 'Give the @handle.');
}

export async function runPeople(argv: string[]): Promise<number> {
  const args = parseArgs('people', argv, { booleans: ['offline'] });
  noExtraPositionals(args, 0, 'people');
  const out = createOutput();
  return withClient(args, async ({ client, connection }) => {
    const read = await readLiveOrCached<Member[]>(
      { offline: args.flags.offline === true, warn: (line) => out.note(safe(line)), what: 'the people of your channels', connection },
      () => everyone(client),
      (cache) => {
        // The members lists kept per channel, gathered as everyone() gathers them from the service.
        const channels = cache.get<Channel[]>('channels');
        if (!channels) return undefined;
        const lists = channels.value.filter((c) => !c.archived).flatMap((c) => cache.get<Member[]>('members', c.id) ?? []);
        if (lists.length === 0) return undefined;
        return { value: everyoneOf(lists.map((l) => l.value)), savedAt: Math.min(...lists.map((l) => l.savedAt)) };
      },
    );
    const people = read.value;
    if (args.json) {
      out.json({ people, ...cachedMark(read) });
      return 0;
    }
    if (people.length === 0) out.line(term`Nobody in the channels you can read.`);
    const width = Math.min(24, Math.max(6, ...people.map((m) => safe(m.handle).length + 1)));
    for (const m of people) out.line(term`${padSafe(term`@${safe(m.handle)}`, width + 1)} ${safe(m.name)}${m.kind === 'agent' ? out.dim(term` [agent]`) : ''}  ${out.dim(safe(m.id))}`);
    return 0;
  });
}

/** One entry per person across channel member lists, by name (as everyone() orders them). */
function everyoneOf(lists: readonly Member[][]): Member[] {
  const seen = new Map<string, Member>();
  for (const m of lists.flat()) if (!seen.has(m.id)) seen.set(m.id, m);
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}
