// What a failed channel panel action says, one whole localised sentence ("Could not post the
// message"); describeError adds ": " and the error's message.
import type { ChannelPanelToHost } from './channel-panel-protocol';
import { l10n } from '../l10n';

export function describeChannelFailure(message: ChannelPanelToHost): string {
  switch (message.type) {
    case 'post':
      return l10n.t('Could not post the message');
    case 'edit':
      return l10n.t('Could not save the edit');
    case 'loadOlder':
      return l10n.t('Could not load older messages');
    case 'outboxRetry':
      return l10n.t('Could not send the unsent message again');
    case 'outboxDrop':
      return l10n.t('Could not drop the unsent message');
    case 'outboxEdit':
      return l10n.t('Could not change the unsent message');
    case 'openThread':
      return l10n.t('Could not open the thread');
    default:
      return l10n.t('Could not load the channel');
  }
}
