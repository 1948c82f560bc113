// `wsc people`, and people by name wherever the CLI takes one (`--assignee @dan|dan|me`). The API
// lists people only as channel members, so "everyone" is every member of every channel you can read.
import type { Client, Member } from '../shared/index';
import { usageError } from '../term/cli-error';
import { connect } from '../term/connect';
import { noExtraPositionals, parseArgs } from './args';
import { createOutput, padSafe, safe, term } from './output';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every person and agent in the channels you can read, once each, by name. */
export async function everyone(client: Client): Promise<Member[]> {
  const channels = (await client.channels()).filter((c) => !c.archived);
  const seen = new Map<string, Member>();
  for (const c of channels) {
    for (const m of await client.members(c.id).catch(() => [] as Member[])) if (!seen.has(m.id)) seen.set(m.id, m);
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** `me`, an id, `@handle`, a handle or a full name (any case) → what the service's filter takes. */
export async function resolvePerson(client: Client, value: string, flag: string): Promise<string> {
  const v = value.trim();
  if (v === 'me' || UUID.test(v)) return v;
  const wanted = v.replace(/^@/, '').toLowerCase();
  const people = await everyone(client);
  const byHandle = people.filter((m) => m.handle.toLowerCase() === wanted);
  const matches = byHandle.length > 0 ? byHandle : people.filter((m) => m.name.toLowerCase() === wanted || m.name.toLowerCase().split(/\s+/)[0] === wanted);
  if (matches.length === 1) return (matches[0] as Member).id;
  if (matches.length === 0) throw usageError(`${flag}: nobody called '${v}' in the channels you can read.`, "Run 'wsc people' for handles and names, or give an id or 'me'.");
  throw usageError(`${flag}: '${v}' names ${matches.length} people (${matches.map((m) => `@${m.handle}`).join(', ')}).`, 'Give the @handle.');
}

/** A name for an id, from the people list ("Dan Developer (@dan)"), or the id when unknown. */
export function nameOf(people: readonly Member[], id: string): string {
  const m = people.find((p) => p.id === id);
  return m ? `${m.name} (@${m.handle})${m.kind === 'agent' ? ' [agent]' : ''}` : id;
}

export async function runPeople(argv: string[]): Promise<number> {
  const args = parseArgs('people', argv);
  noExtraPositionals(args, 0, 'people');
  const out = createOutput();
  const { client } = await connect(args);
  try {
    const people = await everyone(client);
    if (args.json) {
      out.json({ people });
      return 0;
    }
    if (people.length === 0) out.line(term`Nobody in the channels you can read.`);
    const width = Math.min(24, Math.max(6, ...people.map((m) => safe(m.handle).length + 1)));
    for (const m of people) out.line(term`${padSafe(term`@${safe(m.handle)}`, width + 1)} ${safe(m.name)}${m.kind === 'agent' ? out.dim(term` [agent]`) : ''}  ${out.dim(safe(m.id))}`);
    return 0;
  } finally {
    await client.close();
  }
}
