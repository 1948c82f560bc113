// wsc.search: a quick pick over GET /search (debounced, the previous request aborted); the chosen
// hit opens in its channel or thread.
import * as vscode from 'vscode';
import type { ChannelsFeature } from '../channels/index';
import type { WscServices } from '../context';
import { COMMAND_IDS } from '../ids';
import { openArgsFor, searchHitItem, type SearchHitItem } from './search-results';

const SEARCH_DEBOUNCE_MS = 250;
const SEARCH_LIMIT = 50;

type Item = vscode.QuickPickItem & SearchHitItem;

export async function showSearch(services: WscServices, channels: ChannelsFeature, query?: string): Promise<void> {
  const client = services.auth.client();
  if (!client) return services.showError(services.auth.notSignedInError(), vscode.l10n.t('Could not search'));
  const pick = vscode.window.createQuickPick<Item>();
  pick.placeholder = vscode.l10n.t('Search messages in the workspace');
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
      .search({ q: q.trim(), limit: SEARCH_LIMIT }, { signal: current.signal })
      .then((hits) => {
        if (!current.signal.aborted) pick.items = hits.map((hit) => ({ ...searchHitItem(hit, channels.tree.find(hit.channel_id)), alwaysShow: true }));
      })
      .catch((error: unknown) => {
        if (!current.signal.aborted) void services.showError(error, vscode.l10n.t('Could not search'));
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
}
