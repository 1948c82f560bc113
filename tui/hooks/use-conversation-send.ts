// Sending and editing in a conversation: every write goes through the one send policy (the shared
// outbox session), shown at once and sent in the background. The outbox loads after the first
// frame: a write before it has opened waits for it.
import type { Channel, Message, OutboxSession } from '../../shared/index';
import type { ConversationTarget } from '../history/conversation-pages';
import type { Ui } from '../ui-context';
import type { Conversation } from './use-conversation';
import { isOutboxSession, loadOutboxSession } from './use-outbox';

export interface ConversationSend {
  /** Posts `body` (a reply in a thread); false when the outbox could not be opened. */
  send(body: string): Promise<boolean>;
  /** Edits one of my messages, shown edited at once. */
  edit(message: Message, body: string): Promise<boolean>;
  /** My newest message in the window (↑ on an empty compose box edits it). */
  lastOwn(): Message | null;
}

/** `toNewest`: what a send does to the list (the window goes to the newest, where the message comes). */
export function useConversationSend(ui: Ui, conv: Conversation, target: ConversationTarget, channel: Channel | undefined, outbox: OutboxSession | Error | null, toNewest: () => void): ConversationSend {
  const session = async (what: string): Promise<OutboxSession | null> => {
    const opened = isOutboxSession(outbox) ? outbox : await loadOutboxSession(ui.client, ui.me);
    if (isOutboxSession(opened)) return opened;
    ui.showError(opened ?? new Error('The outbox could not be opened.'), what);
    return null;
  };
  return {
    async send(body) {
      const s = await session('send');
      if (!s) return false;
      toNewest();
      await s.send({ kind: 'post', channelId: target.channelId, ...(channel ? { channelName: channel.name, channelKind: channel.kind } : {}), body, ...(target.kind === 'thread' ? { parentId: target.rootId } : {}) });
      return true;
    },
    async edit(message, body) {
      const s = await session('edit');
      if (!s) return false;
      // Shown edited at once; the edit is sent through the outbox like every write.
      conv.replaceMessage(message.id, { body });
      const { settled } = await s.send({ kind: 'edit', messageId: message.id, body });
      void settled.then((outcome) => {
        if (outcome.kind === 'sent') {
          const edited = outcome.result as { edited_at?: string };
          if (typeof edited.edited_at === 'string') conv.replaceMessage(message.id, { body, edited_at: edited.edited_at });
          ui.info('message edited');
        } else if (outcome.kind === 'queued') ui.info('edit queued · sent when the service is back');
      });
      return true;
    },
    lastOwn() {
      for (let i = conv.messages.length - 1; i >= 0; i--) {
        const m = conv.messages[i] as Message;
        if (m.author.id === ui.me.userId && m.author.kind === 'person') return m;
      }
      return null;
    },
  };
}
