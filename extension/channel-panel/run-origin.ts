// Where a run shown in a channel panel came from: the agent whose message carries it and the
// panel's channel, so "Open run timeline" is headed by them and the run's posted messages link
// back. Looks at every message the panel has shown: the channel's list and any thread. vscode-free.
import type { HostToChannelPanel, MessageView } from './channel-panel-protocol';

function messagesIn(posted: HostToChannelPanel): readonly MessageView[] {
  switch (posted.type) {
    case 'messages':
      return posted.messages;
    case 'thread':
      return [posted.root, ...posted.replies];
    case 'threadReplies':
      return posted.replies;
    case 'messageUpdated':
      return [posted.message];
    default:
      return [];
  }
}

/**
 * The wsc.openRun argument for `runId` opened from the panel of `channelId`: with the agent's
 * @handle and the run's thread (the message's thread) when a message carries it, so a step of the
 * run can be answered there.
 */
export function runOpenArgs(runId: string, channelId: string, posted: readonly HostToChannelPanel[]): { runId: string; context: { channelId: string; agent?: string; agentHandle?: string; threadId?: string } } {
  for (let i = posted.length - 1; i >= 0; i--) {
    const message = messagesIn(posted[i] as HostToChannelPanel).find((m) => m.runId === runId);
    if (message) {
      const handle = message.author.kind === 'agent' ? { agentHandle: message.author.handle } : {};
      return { runId, context: { channelId, agent: message.author.name, ...handle, threadId: message.parentId ?? message.id } };
    }
  }
  return { runId, context: { channelId } };
}
