import { describe, expect, it } from 'vitest';
import { absentDisplayFields, type DisplayTree } from '../../../shared/validate/display-fields';

const page: DisplayTree = {
  props: {
    messages: { items: { fields: { via: 'no client name' }, props: { author: { fields: { name: '"unknown author"', kind: '"person"' } } } } },
    root: { fields: { via: 'no client name' } },
  },
};
const message = (i: number, author: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ id: `m-${i}`, author, ...extra });

describe('display fields absent from every row', () => {
  it('names a field no row has, and not one that some row has', () => {
    const rows = Array.from({ length: 300 }, (_, i) => message(i, i === 150 ? { name: 'Ann', kind: 'person' } : { kind: 'person' }));
    expect(absentDisplayFields({ messages: rows }, page)).toEqual([{ field: 'messages[].via', shownInstead: 'no client name' }]);
  });

  it('names the fields of every place reached, in the order first reached, and nothing for places no answer reaches', () => {
    const rows = [message(0, { name: 'Ann' }, { via: 'cli' }), message(1, { name: 'Bob' })];
    expect(absentDisplayFields({ messages: rows }, page)).toEqual([{ field: 'messages[].author.kind', shownInstead: '"person"' }]);
    expect(absentDisplayFields({ messages: [], root: {} }, page)).toEqual([{ field: 'root.via', shownInstead: 'no client name' }]);
    expect(absentDisplayFields([{ via: 'x' }, {}], { items: { fields: { via: 'v', kind: 'k' } } })).toEqual([{ field: '[].kind', shownInstead: 'k' }]);
    expect(absentDisplayFields('not an object', page)).toEqual([]);
  });
});
