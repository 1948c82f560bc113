// wsc.openMessageLink: a pasted (or passed) message, thread or channel link opens in its panel.
import * as vscode from 'vscode';
import { parseMessageLink } from '../../shared/index';
import type { WscServices } from '../context';
import { WscError } from '../errors/describe-error';
import { COMMAND_IDS } from '../ids';
import { messageLinkInputError, openArgsForLink } from './search-results';

export async function openMessageLink(services: WscServices, arg?: unknown): Promise<void> {
  const url =
    typeof arg === 'string'
      ? arg
      : await vscode.window.showInputBox({
          title: vscode.l10n.t('Open message link'),
          prompt: vscode.l10n.t('Paste a link to a message, thread or channel'),
          ignoreFocusOut: true,
          validateInput: messageLinkInputError,
        });
  if (!url) return;
  const parsed = parseMessageLink(url.trim());
  if (!parsed) return services.showError(new WscError(vscode.l10n.t('That is not a workspace message link.'), vscode.l10n.t('Copy the link from a message (Copy link) and try again.')), vscode.l10n.t('Could not open the link'));
  const resolved = await services.withClient(vscode.l10n.t('Could not open the link'), (client) => client.messageLink(url.trim()));
  if (!resolved) return;
  await vscode.commands.executeCommand(COMMAND_IDS.openChannel, openArgsForLink(resolved, parsed));
}
