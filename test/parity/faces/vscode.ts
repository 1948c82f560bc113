// The VS Code face of the parity suite, run inside the real VS Code (code-server) by
// test/extension/suite/parity.test.ts: signed in as Maria through the proxy, posting from the
// channel panel's webview (real keys), the outbox through its status bar and AccountOutbox, docs as
// wsc-doc files saved in the editor, mentions from the feed's notifications. Bundled into the
// extension suite (esbuild.mjs includes what the suite files import).
import * as vscode from 'vscode';
import type { ChannelPanel } from '../../../extension/channel-panel/channel-panel';
import { terminalOfflineRoot } from '../../../shared/index';
import { accountCursorIn, CliFace, cliInboxOn } from './cli';
import type { WscTestApi } from '../../../extension/test-api';
import { EXTENSION_ID, wscExtension } from '../../extension/suite/support';
import { inWebview, until as untilInWebview } from '../../extension/suite/webview-driver';
import type { SwitchableProxy } from '../../support/switchable-proxy';
import { applyDocEdit, mentionPollsSince, PARITY, until, type DocEdit, type FaceDriver, type InboxElsewhere, type ParityChannel, type ShownInboxItem } from '../scenarios';

const ANSWER_MS = 60_000;
/** How long a drop may take before the face is judged not to stop the send in flight. */
const DROP_MS = 20_000;

export class VscodeFace implements FaceDriver {
  readonly face = 'vscode' as const;
  private api: WscTestApi | undefined;
  /** Notifications shown before this session started (restart moves it). */
  private notificationsBefore = 0;
  private inboxAnnouncedBefore = 0;
  private readonly panels = new Map<string, ChannelPanel>();
  /** The conflict prompt's own chooser, put back on close. */
  private personsChooser: WscTestApi['docs']['editing']['conflicts']['chooser'] | undefined;

  /** The proxy's request count when this session signed in. */
  private requestsAtStart = 0;

  constructor(private readonly proxy: SwitchableProxy) {}

  private get url(): string {
    return this.proxy.url;
  }

  private get running(): WscTestApi {
    if (!this.api) throw new Error('the VS Code face is not open');
    return this.api;
  }

  private async signIn(): Promise<void> {
    const api = this.running;
    this.notificationsBefore = api.mentions.notifications.length;
    this.inboxAnnouncedBefore = api.inbox.announced.length;
    this.requestsAtStart = this.proxy.requests.length;
    await vscode.commands.executeCommand('wsc.signIn', { token: PARITY.maria.token, serviceUrl: this.url });
    await until('signed in as Maria through the proxy', () => api.services.auth.state.kind === 'signedIn' && api.services.auth.state.serviceUrl.startsWith(this.url), ANSWER_MS);
    await until("the account's outbox open", () => api.outbox.current() !== undefined, ANSWER_MS);
  }

  async open(): Promise<void> {
    if (this.api) return;
    this.api = await wscExtension();
    await this.signIn();
    // A person at work has #general open (the panel needs the channel list, read while online).
    await this.panel(PARITY.general);
  }

  async restart(): Promise<void> {
    const api = this.running;
    for (const panel of this.panels.values()) panel.dispose();
    this.panels.clear();
    api.outbox.setSignOutAsker(async () => 'keep');
    try {
      await vscode.commands.executeCommand('wsc.signOut');
    } finally {
      api.outbox.setSignOutAsker(undefined);
    }
    await this.signIn();
  }

  async close(): Promise<void> {
    const api = this.api;
    if (!api) return;
    for (const panel of this.panels.values()) panel.dispose();
    this.panels.clear();
    if (this.personsChooser) api.docs.editing.conflicts.chooser = this.personsChooser;
    for (const document of vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'wsc-doc' && d.isDirty)) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Nothing of this scenario is left to send later.
    const outbox = api.outbox.current();
    for (const entry of outbox?.entries() ?? []) await outbox?.drop(entry.id);
    this.api = undefined;
  }

  /** The channel's panel, open and showing its first page; its webview's document title. */
  private async panel(channel: ParityChannel): Promise<{ panel: ChannelPanel; title: string }> {
    const opened = await this.running.panels.open({ channelId: channel.id });
    if (!opened) throw new Error(`VS Code could not open a panel for ${channel.label}`);
    this.panels.set(channel.id, opened);
    await until(`the first page of ${channel.label}`, () => opened.snapshot().shown !== null, ANSWER_MS);
    // The title on its tab (also its webview's document title, by which the webview driver finds it).
    return { panel: opened, title: opened.panel.title };
  }

  async post(channel: ParityChannel, body: string): Promise<void> {
    const { title } = await this.panel(channel);
    const clear = `(() => { const t = document.querySelector('textarea'); t.value = ''; t.dispatchEvent(new Event('input')); })()`;
    await inWebview(title, [{ op: 'eval', expression: clear }, { op: 'focus', selector: 'textarea' }, { op: 'type', text: body }, { op: 'press', key: 'Enter' }]);
  }

  async startPost(channel: ParityChannel, body: string): Promise<void> {
    await this.post(channel, body);
  }

  private entryWith(body: string) {
    return this.running.outbox
      .current()
      ?.entries()
      .find((e) => (e.operation.kind === 'post' || e.operation.kind === 'edit') && e.operation.body === body);
  }

  async expectPending(body: string): Promise<void> {
    const api = this.running;
    await until(`"${body}" waiting in the outbox, counted on the status bar`, () => this.entryWith(body) !== undefined && /\b1 unsent\b/.test(api.outbox.statusBar().text) && api.outbox.statusBar().visible, ANSWER_MS).catch((error: unknown) => {
      throw new Error(`${String(error)}; the status bar says ${JSON.stringify(api.outbox.statusBar())}`);
    });
  }

  async dropPending(body: string): Promise<void> {
    const entry = this.entryWith(body);
    if (entry === undefined) {
      throw new Error(`no outbox entry holds "${body}" while it is being sent (the channel panel sends first and queues only on failure); the outbox holds ${JSON.stringify(this.running.outbox.current()?.entries() ?? [])}`);
    }
    // A drop that waits for the send in flight to end would wait for the proxy: it must stop the send instead.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<'still waiting'>((resolve) => (timer = setTimeout(() => resolve('still waiting'), DROP_MS)));
    const dropped = await Promise.race([this.running.outbox.current()?.drop(entry.id), waited]);
    clearTimeout(timer);
    if (dropped === 'still waiting') throw new Error(`AccountOutbox.drop of the entry being sent did not end within ${DROP_MS} ms: it waits for the send in flight instead of stopping it`);
    if (dropped !== 'dropped') throw new Error(`the outbox session's drop of the entry in flight answered ${String(dropped)}`);
  }

  async replayNow(): Promise<void> {
    // What Retry in wsc.outbox.list does for a waiting entry.
    void this.running.outbox.current()?.flush();
  }

  async settle(): Promise<void> {
    const api = this.running;
    // Settled: nothing waits to be sent (a write the service refused stays, failed, with its text: that is settled too).
    await until('nothing left to send in the outbox', () => !(api.outbox.current()?.entries() ?? []).some((e) => e.state === 'pending'), ANSWER_MS).catch((error: unknown) => {
      throw new Error(`${String(error)}: it holds ${JSON.stringify(api.outbox.current()?.entries() ?? [])}`);
    });
  }

  async shownCount(channel: ParityChannel, body: string): Promise<number> {
    const { title } = await this.panel(channel);
    const matching = `[...document.querySelectorAll('.message-list .message .content')].filter((n) => n.textContent.trim() === ${JSON.stringify(body)}).length`;
    await untilInWebview(title, `${matching} > 0`, true, `"${body}" shown in ${channel.label}`);
    const [count] = await inWebview(title, [{ op: 'eval', expression: matching }]);
    return Number(count);
  }

  async editDoc(title: string, edit: DocEdit, meanwhile: () => Promise<void>): Promise<void> {
    const api = this.running;
    const id = title === PARITY.doc.title ? PARITY.doc.id : undefined;
    if (id === undefined) throw new Error(`the parity suite knows no doc titled ${title}`);
    // A person asked about a clean merge takes it; an overlap is left open (the editor keeps the text).
    this.personsChooser ??= api.docs.editing.conflicts.chooser;
    api.docs.editing.conflicts.chooser = async (conflict) => (conflict.kind === 'merged_clean' ? 'take_merged' : undefined);
    await vscode.commands.executeCommand('wsc.docs.open', { id, title });
    const editor = await until('the doc editor', () => vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === 'wsc-doc' && e.document.uri.query === `id=${id}`), ANSWER_MS);
    const document = editor.document;
    const change = new vscode.WorkspaceEdit();
    change.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), applyDocEdit(document.getText(), edit));
    if (!(await vscode.workspace.applyEdit(change))) throw new Error('VS Code refused the edit');
    await meanwhile();
    const saved = new Promise<unknown>((resolve) => {
      const sub = api.docs.editing.onDidSave((e) => {
        if (e.docId !== id) return;
        sub.dispose();
        resolve(e.outcome);
      });
    });
    await document.save();
    await saved;
  }

  async keptText(): Promise<string> {
    const api = this.running;
    return [
      ...vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'wsc-doc').map((d) => d.getText()),
      JSON.stringify(api.outbox.current()?.entries() ?? []),
      JSON.stringify(api.docs.editing.flow.pending.all()),
    ].join('\n');
  }

  async readMentions(waitFor?: string): Promise<string[]> {
    const api = this.running;
    // Mentions are announced by the inbox (the Mentions feature's own notice is its fallback).
    const announced = () => [
      ...api.mentions.notifications.slice(this.notificationsBefore),
      ...api.inbox.announced
        .slice(this.inboxAnnouncedBefore)
        .filter((i) => i.source === 'mention' || i.source === 'dm')
        .map((i) => i.title),
    ];
    const inInbox = () => api.mentions.inbox.rows().some((r) => waitFor !== undefined && r.body.includes(waitFor));
    if (waitFor !== undefined) {
      await until(`"${waitFor}" among the mentions`, () => announced().some((n) => n.includes(waitFor)) || inInbox(), ANSWER_MS).catch((error: unknown) => {
        throw new Error(`${String(error)}; notifications: ${JSON.stringify(announced())}`);
      });
    } else {
      await until('the mention feed to handle an answer since sign-in', () => mentionPollsSince(this.proxy, this.requestsAtStart) >= 2, ANSWER_MS);
    }
    const bodies = announced();
    // In the inbox but not notified (the newest rows at sign-in): read all the same.
    return waitFor !== undefined && !bodies.some((n) => n.includes(waitFor)) ? [...bodies, waitFor] : bodies;
  }

  async mentionCursor(): Promise<string | undefined> {
    // The account's one cursor, in the folder the terminal uses too.
    return accountCursorIn(terminalOfflineRoot());
  }

  async roomLabelShown(channel: ParityChannel): Promise<string> {
    return (await this.panel(channel)).title;
  }

  async authorShown(channel: ParityChannel, body: string): Promise<string> {
    const { title } = await this.panel(channel);
    const find = `[...document.querySelectorAll('.message-list .message')].find((n) => n.querySelector('.content')?.textContent.trim() === ${JSON.stringify(body)})`;
    await untilInWebview(title, `!!${find}`, true, `"${body}" shown in ${channel.label}`);
    // The name as written, and the agent mark as the person sees it (a word, or only an icon).
    const expression = `(() => { const m = ${find}; const meta = m.querySelector('.meta'); const name = meta.querySelector('.author').textContent; const mark = name.includes('[agent]') ? '' : meta.textContent.includes('[agent]') ? ' [agent]' : meta.querySelector('.codicon-hubot') ? ' (hubot icon)' : ''; return name + mark; })()`;
    const [label] = await inWebview(title, [{ op: 'eval', expression }]);
    return String(label);
  }

  async inbox(): Promise<ShownInboxItem[]> {
    const api = this.running;
    await until('the inbox session', () => api.inbox.session(), ANSWER_MS);
    // A person's "Refresh" on the Inbox view; the tree draws what the session holds.
    await vscode.commands.executeCommand('wsc.inbox.refresh');
    const tree = api.inbox.tree;
    return tree
      .getChildren()
      .flatMap((group) => tree.getChildren(group))
      .map((node) => String(tree.getTreeItem(node).label ?? ''))
      .map((label) => ({ title: label.replace(/^● /, '').replace(/ \(gone\)$/, ''), unread: label.startsWith('● ') }));
  }

  async inboxDone(titlePart: string): Promise<void> {
    const tree = this.running.inbox.tree;
    const node = tree
      .getChildren()
      .flatMap((group) => tree.getChildren(group))
      .find((n) => String(tree.getTreeItem(n).label ?? '').includes(titlePart));
    if (!node) throw new Error(`the Inbox view shows no item with "${titlePart}"`);
    // The row's Mark Done action.
    await vscode.commands.executeCommand('wsc.inbox.markDone', node);
  }

  elsewhere(): InboxElsewhere {
    // The terminal of this machine: the extension host's own HOME and XDG_STATE_HOME.
    const root = vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath ?? '';
    return cliInboxOn(new CliFace({ url: this.url, home: process.env.HOME ?? '', stateHome: process.env.XDG_STATE_HOME ?? '', node: 'node', root }));
  }
}
