import { describe, expect, it } from 'vitest';
import { countLabel } from '../../../shared/count-label';
import { describeFill } from '../../../term/cache-fill';

describe('a count with its noun', () => {
  it('takes the singular for one and the plural otherwise', () => {
    expect(countLabel(1, 'mention')).toBe('1 mention');
    expect(countLabel(0, 'mention')).toBe('0 mentions');
    expect(countLabel(3, 'mention')).toBe('3 mentions');
    expect(countLabel(1, 'person', 'people')).toBe('1 person');
    expect(countLabel(2, 'person', 'people')).toBe('2 people');
  });

  it('is used for what a cache fill kept', () => {
    expect(describeFill({ channels: 1, people: 1, tasks: 2, mentions: 1, docs: 0, messageChannels: 1, messages: 1, docBodies: 1 })).toBe(
      '1 channel, 1 person, 2 tasks, 1 mention, 0 docs, the newest 1 message of 1 channel, 1 doc body',
    );
  });
});
