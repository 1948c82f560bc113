// What a line typed at the line mode's prompt asks for (tui/plain/line-commands.ts).
import { describe, expect, it } from 'vitest';
import { findRoom, parseLineCommand } from '../../../../tui/plain/line-commands';

describe('parseLineCommand', () => {
  it('text posts; // posts a line starting with /; blank is nothing', () => {
    expect(parseLineCommand('hello there')).toEqual({ kind: 'post', text: 'hello there' });
    expect(parseLineCommand('  spaced  \r')).toEqual({ kind: 'post', text: 'spaced' });
    expect(parseLineCommand('//shrug')).toEqual({ kind: 'post', text: '/shrug' });
    expect(parseLineCommand('   ')).toEqual({ kind: 'empty' });
  });

  it('a bare number answers the last numbered question', () => {
    expect(parseLineCommand('3')).toEqual({ kind: 'choose', number: 3 });
    expect(parseLineCommand(' 12 ')).toEqual({ kind: 'choose', number: 12 });
    expect(parseLineCommand('3 apples')).toEqual({ kind: 'post', text: '3 apples' });
  });

  it('reads the commands and their aliases', () => {
    expect(parseLineCommand('/open')).toEqual({ kind: 'open', target: null });
    expect(parseLineCommand('/open #general')).toEqual({ kind: 'open', target: '#general' });
    expect(parseLineCommand('/OPEN Mike Member')).toEqual({ kind: 'open', target: 'Mike Member' });
    expect(parseLineCommand('/o 2')).toEqual({ kind: 'open', target: '2' });
    for (const name of ['rooms', 'mentions', 'inbox', 'tasks', 'back', 'help', 'quit'] as const) expect(parseLineCommand(`/${name}`)).toEqual({ kind: name });
    expect(parseLineCommand('/q')).toEqual({ kind: 'quit' });
    expect(parseLineCommand('/exit')).toEqual({ kind: 'quit' });
    expect(parseLineCommand('/thread 4')).toEqual({ kind: 'thread', number: 4 });
    expect(parseLineCommand('/reply 4  sounds good, ship it')).toEqual({ kind: 'reply', number: 4, text: 'sounds good, ship it' });
  });

  it('a command typed wrong says what is expected', () => {
    expect(parseLineCommand('/thread')).toMatchObject({ kind: 'usage', message: expect.stringContaining('/thread 3') });
    expect(parseLineCommand('/thread x')).toMatchObject({ kind: 'usage' });
    expect(parseLineCommand('/reply 4')).toMatchObject({ kind: 'usage', message: expect.stringContaining('/reply 3 sounds good') });
    expect(parseLineCommand('/quit now')).toMatchObject({ kind: 'usage', message: '/quit takes nothing after it; type /quit alone.' });
    expect(parseLineCommand('/shrug')).toMatchObject({ kind: 'usage', message: expect.stringContaining('/help') });
  });
});

describe('findRoom', () => {
  const rooms = [
    { id: 'a', names: ['general'] },
    { id: 'b', names: ['random'] },
    { id: 'c', names: ['gen-ops'] },
    { id: 'd', names: ['Maria Member, Mike Member', 'Mike Member'] },
  ];
  const names = (r: (typeof rooms)[number]) => r.names;

  it('finds by number, #name, any case, a DM by its person, a unique prefix', () => {
    expect(findRoom(rooms, '2', names)).toEqual({ room: rooms[1] });
    expect(findRoom(rooms, '#general', names)).toEqual({ room: rooms[0] });
    expect(findRoom(rooms, 'RANDOM', names)).toEqual({ room: rooms[1] });
    expect(findRoom(rooms, '@mike member', names)).toEqual({ room: rooms[3] });
    expect(findRoom(rooms, 'ran', names)).toEqual({ room: rooms[1] });
  });

  it('says what is wrong otherwise', () => {
    expect(findRoom(rooms, '9', names)).toEqual({ problem: 'There is no room 9; the rooms are numbered 1 to 4. Type /rooms to list them.' });
    expect(findRoom(rooms, 'nope', names)).toMatchObject({ problem: expect.stringContaining('No room is named nope') });
    expect(findRoom(rooms, 'gen', names)).toMatchObject({ problem: expect.stringContaining('More than one room matches gen') });
  });
});
