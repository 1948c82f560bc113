// What a failed channel panel action says it could not do ("Could not post the message: …").
import type { ChannelPanelToHost } from './channel-panel-protocol';

export function describeChannelAction(message: ChannelPanelToHost): string {
  switch (message.type) {
    case 'post':
      return 'post the message';
    case 'edit':
      return 'save the edit';
    case 'loadOlder':
      return 'load older messages';
    case 'outboxRetry':
      return 'send the unsent message again';
    case 'outboxDrop':
      return 'drop the unsent message';
    case 'outboxEdit':
      return 'change the unsent message';
    case 'openThread':
      return 'open the thread';
    default:
      return 'load the channel';
  }
}
