import { describe, expect, it } from 'vitest';
import type { HostToChannelPanel, MessageView } from '../../../extension/channel-panel/channel-panel-protocol';
import { runOpenArgs } from '../../../extension/channel-panel/run-origin';

const RUN = '00000000-0000-4000-8000-000000000501';
const ENGINEERING = 'c0000000-0000-4000-8000-000000000010';

function view(id: string, author: string, runId: string | null, parentId: string | null = null): MessageView {
  return { id, parentId, author: { name: author, handle: author.toLowerCase(), kind: 'agent' }, html: '', createdAt: '', editedAt: null, replyCount: 0, mine: false, via: null, url: '', runId };
}

describe('the run a channel panel opens', () => {
  it("a reply in a thread names its agent and the panel's channel", () => {
    const posted: HostToChannelPanel[] = [
      { type: 'messages', mode: 'replace', messages: [view('m1', 'Dan', null)], hasMore: false },
      { type: 'thread', root: view('m1', 'Dan', null), replies: [view('m2', 'Scout', RUN, 'm1')], hasMore: false },
    ];
    expect(runOpenArgs(RUN, ENGINEERING, posted)).toEqual({ runId: RUN, context: { channelId: ENGINEERING, agent: 'Scout', agentHandle: 'scout', threadId: 'm1' } });
  });
  it('a reply that arrived live, and a top-level message, are found too', () => {
    expect(runOpenArgs(RUN, ENGINEERING, [{ type: 'threadReplies', rootId: 'm1', replies: [view('m3', 'Scout', RUN, 'm1')] }]).context.agent).toBe('Scout');
    expect(runOpenArgs(RUN, ENGINEERING, [{ type: 'messages', mode: 'append', messages: [view('m4', 'Helper', RUN)], hasMore: false }]).context).toMatchObject({ agent: 'Helper', threadId: 'm4' });
  });
  it('a message no longer in the log still gives the channel', () => {
    expect(runOpenArgs(RUN, ENGINEERING, [])).toEqual({ runId: RUN, context: { channelId: ENGINEERING } });
  });
});
