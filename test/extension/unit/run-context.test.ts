// What a run timeline knows from where it was opened: a message that started or announced a run
// gives its agent (name and, for an agent author, the @handle a reply mentions), its channel and
// the run's thread (the message's own thread when it is a reply).
import { describe, expect, it } from 'vitest';
import { runContextOf } from '../../../extension/timeline/run-context';

const agent = { id: 'a9', name: 'Helper', handle: 'helper', kind: 'agent' };

describe('runContextOf', () => {
  it('a root message gives its own thread; a reply gives its parent', () => {
    expect(runContextOf({ id: 'm1', run_id: 'r', channel_id: 'c', author: agent })).toEqual({ agent: 'Helper', agentHandle: 'helper', channelId: 'c', threadId: 'm1' });
    expect(runContextOf({ id: 'm2', parent_id: 'm1', run_id: 'r', channel_id: 'c', author: agent })).toMatchObject({ threadId: 'm1' });
  });

  it('a person author is not mentioned as the agent; no channel, no thread', () => {
    expect(runContextOf({ id: 'm1', run_id: 'r', channel_id: 'c', author: { ...agent, kind: 'person' } })).not.toHaveProperty('agentHandle');
    expect(runContextOf({ id: 'm1', run_id: 'r', author: agent })).not.toHaveProperty('threadId');
  });

  it('an explicit context carries them through', () => {
    expect(runContextOf({ runId: 'r', context: { agent: 'Helper', agentHandle: 'helper', channelId: 'c', threadId: 't' } })).toEqual({ agent: 'Helper', agentHandle: 'helper', channelId: 'c', threadId: 't' });
  });
});
