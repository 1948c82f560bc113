// Live marks in the Channels view (unread, mention, muted) refresh only the rows they change, once
// per burst, so a click while they arrive opens the channel (a whole-tree refresh drops every row's
// command while VS Code redraws: "Actual command not found").
import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import type { Channel } from '../../../shared/index';
import type { ChannelNode } from '../../../extension/channels/channels-tree';
import { FIXTURE, signedIn, waitFor } from './support';
import { clickInWorkbench, workbenchNotifications } from './webview-driver';

const idOf = (node: ChannelNode) => ('id' in node ? node.id : `section:${node.kind}`);

/** Every payload the tree fires while `body` runs: `whole` counts whole-tree refreshes. */
async function recordRefreshes(
  api: Awaited<ReturnType<typeof signedIn>>,
  body: (fired: { rows: ChannelNode[][]; whole: number }) => Promise<void>,
): Promise<{ rows: ChannelNode[][]; whole: number }> {
  const fired = { rows: [] as ChannelNode[][], whole: 0 };
  const sub = api.channels.tree.onDidChangeTreeData((e) => {
    if (e === undefined || e === null) fired.whole += 1;
    else fired.rows.push(Array.isArray(e) ? e : [e]);
  });
  try {
    await body(fired);
  } finally {
    sub.dispose();
  }
  return fired;
}

suite('channels: live marks', () => {
  test('a burst of marks refreshes only the rows it changed, coalesced, never the whole tree', async () => {
    const api = await signedIn();
    const channels = await api.channels.tree.list();
    const general = channels.find((c) => c.id === FIXTURE.generalId);
    const other = channels.find((c) => c.id !== FIXTURE.generalId && c.kind === 'channel');
    assert.ok(general && other, 'two channels to mark');
    // The rows as VS Code draws them (the view may not be visible in this run).
    for (const channel of channels) api.channels.tree.getTreeItem(channel);
    const marked = new Set([general.id, other.id]);
    const marks = 6;

    const { rows, whole } = await recordRefreshes(api, async (fired) => {
      // Six mark changes at once: muted, unmuted, muted again on two rows.
      const changes: Promise<void>[] = [];
      for (let i = 0; i < marks; i += 1) changes.push(api.channels.state.setMuted(i % 2 === 0 ? general.id : other.id, i < 4 ? i % 4 < 2 : true));
      await Promise.all(changes);
      await waitFor('both marked rows refreshed (or the whole tree)', () => {
        const ids = new Set(fired.rows.flat().map(idOf));
        return (ids.has(general.id) && ids.has(other.id)) || fired.whole > 0;
      });
    });
    try {
      assert.equal(whole, 0, 'no mark refreshes the whole tree');
      const refreshed = rows.flat().map(idOf);
      assert.deepEqual(refreshed.filter((id) => !marked.has(id)), [], 'only the marked rows are refreshed');
      assert.ok(rows.length < marks, `a burst is drawn in fewer refreshes than marks (${rows.length} for ${marks})`);
      assert.match(String(api.channels.tree.getTreeItem(general).description ?? ''), /muted/);
    } finally {
      await api.channels.state.setMuted(general.id, false);
      await api.channels.state.setMuted(other.id, false);
    }
  });

  test('a click on a channel while marks arrive opens it, every time', async () => {
    const api = await signedIn();
    const channels = await api.channels.tree.list();
    const general = channels.find((c) => c.id === FIXTURE.generalId);
    const others = channels.filter((c): c is Channel => c.id !== FIXTURE.generalId);
    assert.ok(general && others.length > 0);
    await vscode.commands.executeCommand('wsc.channels.focus');
    await waitFor('the Channels view', () => api.channels.view.visible);
    await vscode.commands.executeCommand('notifications.clearAll');

    // Marks keep arriving on the other rows while the person clicks #general.
    let marking = true;
    const burst = (async () => {
      for (let i = 0; marking; i += 1) {
        const target = others[i % others.length] as Channel;
        await api.channels.state.setMuted(target.id, i % 2 === 0);
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    })();
    try {
      for (let walk = 1; walk <= 4; walk += 1) {
        assert.equal(api.panels.get(general.id), undefined, `walk ${walk}: no panel open before the click`);
        await clickInWorkbench('.monaco-list[aria-label="Channels"] .monaco-list-row:has-text("#general")');
        await waitFor(`walk ${walk}: the #general panel`, () => api.panels.get(general.id), 30_000).catch(async (error: unknown) => {
          throw new Error(`${String(error)} Notifications: ${(await workbenchNotifications()).join(' | ')}`);
        });
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await waitFor(`walk ${walk}: the panel closed`, () => api.panels.get(general.id) === undefined, 15_000);
      }
    } finally {
      marking = false;
      await burst;
      for (const channel of channels) await api.channels.state.setMuted(channel.id, false);
    }
    const texts = await workbenchNotifications();
    assert.deepEqual(texts.filter((t) => /command not found/i.test(t)), []);
  });
});
