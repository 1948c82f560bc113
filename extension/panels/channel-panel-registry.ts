// One webview panel per channel behind a command: open (or reveal) the panel of the channel the
// argument names (asking when it names none), and re-attach panels after a reload.
import * as vscode from 'vscode';
import { channelFromState, resolveChannel, type ChannelRef } from './channel-arg';
import type { WscServices } from '../context';

export interface ChannelPanelKind<P extends vscode.Disposable & { reveal(): void }> {
  command: string;
  viewType: string;
  /** A new panel's title is "<title> · <channel name>". */
  title: string;
  /** The quick pick asks "Which channel's <purpose>?". */
  purpose: string;
  /** The localised headline of a failure to open, e.g. l10n.t('Could not open the automations'). */
  failure: string;
  /** Loads the panel's code (on first use: it is a file of its own in the bundle) and gives its constructor. */
  load(): Promise<PanelFactory<P>>;
}

export type PanelFactory<P> = (panel: vscode.WebviewPanel, channel: ChannelRef, onDisposed: () => void) => P;

export interface ChannelPanelRegistry<P> {
  open(arg?: unknown): Promise<P | undefined>;
  panelFor(channelId: string): P | undefined;
}

export function registerChannelPanelKind<P extends vscode.Disposable & { reveal(): void }>(services: WscServices, kind: ChannelPanelKind<P>): ChannelPanelRegistry<P> {
  const open = new Map<string, P>();

  const openFor = async (arg?: unknown): Promise<P | undefined> => {
    const client = services.auth.requireClient();
    const channel = await resolveChannel(arg, client, kind.purpose, services.auth.identity?.name);
    if (!channel) return undefined;
    const make = await kind.load();
    const existing = open.get(channel.id);
    if (existing) {
      existing.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(kind.viewType, `${kind.title} · ${channel.name}`, vscode.ViewColumn.Active, {});
    return create(make, panel, channel);
  };

  function create(make: PanelFactory<P>, panel: vscode.WebviewPanel, channel: ChannelRef): P {
    const created: P = make(panel, channel, () => {
      if (open.get(channel.id) === created) open.delete(channel.id);
    });
    open.set(channel.id, created);
    return created;
  }

  services.register(
    vscode.commands.registerCommand(kind.command, (arg?: unknown) =>
      openFor(arg).catch((error: unknown) => {
        void services.showError(error, kind.failure);
        return undefined;
      }),
    ),
    // After a reload: the webview saved its channel (and whatever else it needs) with setState.
    vscode.window.registerWebviewPanelSerializer(kind.viewType, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown) {
        const channel = channelFromState(state);
        const make = channel ? await kind.load() : undefined;
        if (!channel || !make || open.has(channel.id)) panel.dispose();
        else create(make, panel, channel);
      },
    }),
    { dispose: () => [...open.values()].forEach((p) => p.dispose()) },
  );

  return { open: openFor, panelFor: (id) => open.get(id) };
}
