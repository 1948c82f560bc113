import { describe, expect, it } from 'vitest';
import { mentionsHandle, ownMentionPattern } from '../../../shared/channels/own-mentions';

describe('mentionsHandle: whether a message mentions @handle', () => {
  it.each([
    ['@maria at the start', 'maria'],
    ['hi @maria', 'maria'],
    ['hi @Maria!', 'maria'],
    ['(@maria)', 'maria'],
    ['ping @maria.', 'maria'],
    ['cc @maria, @bob', 'bob'],
    ['line one\n@maria', 'maria'],
    ['hey @a.b', 'a.b'],
  ])('%s mentions @%s', (text, handle) => {
    expect(mentionsHandle(text, handle)).toBe(true);
  });

  it.each([
    ['bob@maria.dev', 'maria'],
    ['x@maria', 'maria'],
    ['@@maria', 'maria'],
    ['@maria-bot', 'maria'],
    ['@mariab', 'maria'],
    ['@maria_2', 'maria'],
    ['maria', 'maria'],
    ['@axb', 'a.b'],
    ['@a.bc', 'a.b'],
    ['anything @ all', ''],
    ['@', ''],
  ])('%s does not mention @%s', (text, handle) => {
    expect(mentionsHandle(text, handle)).toBe(false);
  });

  it('the pattern marks every mention, keeping what came before it', () => {
    const text = 'hi @maria and (@MARIA)';
    const marked = text.replace(ownMentionPattern('maria'), '$1[$2]');
    expect(marked).toBe('hi [@maria] and ([@MARIA])');
  });

  it.each(['a+b', 'a*b', 'a?b', 'a^b', 'a$b', 'a{1}', 'a(b)', 'a|b', 'a[b]', 'a\\b'])('a handle with %s matches only itself', (handle) => {
    expect(mentionsHandle(`hi @${handle}`, handle)).toBe(true);
    expect(mentionsHandle('hi @ab', handle)).toBe(false);
    expect(mentionsHandle('hi @aab', handle)).toBe(false);
  });
});
