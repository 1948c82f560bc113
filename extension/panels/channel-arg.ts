// The channel a per-channel command acts on: the tree item (a Channel), `{channelId}` or an id; else
// a quick pick over the person's channels.
import * as vscode from 'vscode';
import { roomLabel, type Channel, type Client } from '../../shared/index';

export interface ChannelRef {
  id: string;
  name: string;
}

export function channelRefOf(arg: unknown, known: readonly Channel[] = []): ChannelRef | { id: string; name?: undefined } | undefined {
  // A bare id carries no name: resolveChannel looks it up.
  if (typeof arg === 'string' && arg.trim()) {
    const name = known.find((c) => c.id === arg.trim())?.name;
    return name ? { id: arg.trim(), name } : { id: arg.trim() };
  }
  if (typeof arg !== 'object' || arg === null) return undefined;
  const record = arg as Record<string, unknown>;
  if (typeof record.channelId === 'string') {
    const name = typeof record.name === 'string' ? record.name : known.find((c) => c.id === record.channelId)?.name;
    return name ? { id: record.channelId, name } : { id: record.channelId };
  }
  if (typeof record.id === 'string' && typeof record.name === 'string' && typeof record.kind === 'string') return { id: record.id, name: record.name };
  if (typeof record.channel === 'object' && record.channel !== null) return channelRefOf(record.channel, known);
  return undefined;
}

/** "Which channel's <purpose>?" as one message per purpose, so a translator sees the whole question. */
function whichChannel(purpose: string): string {
  if (purpose === 'settings') return vscode.l10n.t("Which channel's settings?");
  if (purpose === 'automations') return vscode.l10n.t("Which channel's automations?");
  return vscode.l10n.t("Which channel's {0}?", purpose);
}

export async function resolveChannel(arg: unknown, client: Client, purpose: string, selfName?: string): Promise<ChannelRef | undefined> {
  const direct = channelRefOf(arg);
  if (direct?.name) return direct as ChannelRef;
  const channels = await client.channels();
  if (direct) return { id: direct.id, name: channels.find((c) => c.id === direct.id)?.name ?? direct.id };
  const chosen = await vscode.window.showQuickPick(
    channels
      .filter((c) => !c.archived)
      .map((c) => ({ label: roomLabel(c, selfName), description: c.description, channel: c })),
    { placeHolder: whichChannel(purpose), matchOnDescription: true },
  );
  return chosen ? { id: chosen.channel.id, name: chosen.channel.name } : undefined;
}

/** The channel a restored panel's saved webview state names, if it names one validly. */
export function channelFromState(state: unknown): ChannelRef | undefined {
  const channel = typeof state === 'object' && state !== null ? (state as { channel?: unknown }).channel : undefined;
  if (typeof channel !== 'object' || channel === null) return undefined;
  const { id, name } = channel as { id?: unknown; name?: unknown };
  return typeof id === 'string' && /^[A-Za-z0-9_.:-]{1,200}$/.test(id) && typeof name === 'string' && name.length <= 200 ? { id, name } : undefined;
}
