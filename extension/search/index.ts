// wsc.search (quick pick over GET /search; opens the hit in its channel or thread) and
// wsc.openMessageLink (a pasted message/thread/channel link opens in its panel).
import * as vscode from 'vscode';
import { parseMessageLink, type Message } from '../../shared/index';
import type { ChannelsFeature } from '../channels/index';
import type { WscServices } from '../context';
import { WscError } from '../errors/describe-error';
import { COMMAND_IDS } from '../ids';
import { snippet } from '../mentions/mention-text';
import type { OpenChannelArgs } from '../channel-panel/open-channel-args';

const SEARCH_DEBOUNCE_MS = 250;

export function openArgsFor(hit: Message): OpenChannelArgs {
  return { channelId: hit.channel_id, threadRootId: hit.parent_id, messageId: hit.id };
}

export function registerSearch(services: WscServices, channels: ChannelsFeature): void {
  const search = async (query?: string) => {
    const client = services.auth.client();
    if (!client) return services.showError(services.auth.notSignedInError(), 'search');
    type Item = vscode.QuickPickItem & { hit: Message };
    const pick = vscode.window.createQuickPick<Item>();
    pick.placeholder = 'Search messages in the workspace';
    pick.matchOnDescription = true;
    pick.matchOnDetail = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    const run = (q: string) => {
      controller?.abort();
      if (!q.trim()) {
        pick.items = [];
        return;
      }
      const current = new AbortController();
      controller = current;
      pick.busy = true;
      client
        .search({ q: q.trim(), limit: 50 }, { signal: current.signal })
        .then((hits) => {
          if (current.signal.aborted) return;
          pick.items = hits.map((hit) => {
            const channel = channels.tree.find(hit.channel_id);
            return {
              label: snippet(hit.body, 100),
              description: `${hit.author.name}${channel ? ` in ${channel.kind === 'dm' ? channel.name : `#${channel.name}`}` : ''}${hit.parent_id ? ' (thread)' : ''}`,
              detail: new Date(hit.created_at).toLocaleString(),
              alwaysShow: true,
              hit,
            };
          });
        })
        .catch((error: unknown) => {
          if (!current.signal.aborted) void services.showError(error, 'search');
        })
        .finally(() => {
          if (controller === current) pick.busy = false;
        });
    };
    pick.onDidChangeValue((value) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => run(value), SEARCH_DEBOUNCE_MS);
    });
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0];
      pick.hide();
      if (chosen) void vscode.commands.executeCommand(COMMAND_IDS.openChannel, openArgsFor(chosen.hit));
    });
    pick.onDidHide(() => {
      controller?.abort();
      if (timer) clearTimeout(timer);
      pick.dispose();
    });
    pick.show();
    if (query) {
      pick.value = query;
      run(query);
    }
  };

  const openMessageLink = async (arg?: unknown) => {
    const url =
      typeof arg === 'string'
        ? arg
        : await vscode.window.showInputBox({
            title: 'Open message link',
            prompt: 'Paste a link to a message, thread or channel',
            ignoreFocusOut: true,
            validateInput: (v) => (parseMessageLink(v.trim()) ? undefined : 'Not a workspace link (…/w/<workspace>/c/<channel>[/m/<message> | /t/<thread>])'),
          });
    if (!url) return;
    const parsed = parseMessageLink(url.trim());
    if (!parsed) return services.showError(new WscError('That is not a workspace message link.', 'Copy the link from a message (Copy link) and try again.'), 'open the link');
    const resolved = await services.withClient('open the link', (client) => client.messageLink(url.trim()));
    if (!resolved) return;
    const root = resolved.root?.id ?? parsed.threadRootId;
    const args: OpenChannelArgs = { channelId: resolved.channel.id, threadRootId: root ?? null, messageId: resolved.message?.id ?? parsed.messageId };
    await vscode.commands.executeCommand(COMMAND_IDS.openChannel, args);
  };

  services.register(
    vscode.commands.registerCommand(COMMAND_IDS.search, search),
    vscode.commands.registerCommand(COMMAND_IDS.openMessageLink, openMessageLink),
  );
}
