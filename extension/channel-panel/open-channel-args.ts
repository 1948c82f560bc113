// What names the channel (and thread or message) a channel panel shows: the `wsc.openChannel`
// argument, and the state a panel's webview saved before a reload. vscode-free.

/** Argument of `wsc.openChannel`: the channel, and optionally a thread or a message to show in it. */
export interface OpenChannelArgs {
  channelId: string;
  threadRootId?: string | null;
  messageId?: string | null;
}

export function isOpenChannelArgs(value: unknown): value is OpenChannelArgs {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const optionalId = (x: unknown) => x === undefined || x === null || typeof x === 'string';
  return typeof v.channelId === 'string' && v.channelId.length > 0 && optionalId(v.threadRootId) && optionalId(v.messageId);
}

/** `wsc.openChannel`'s argument as OpenChannelArgs: the args themselves, or a Channel (from the tree). */
export function openChannelArgsOf(arg: unknown): OpenChannelArgs | undefined {
  if (isOpenChannelArgs(arg)) return arg;
  if (typeof arg === 'object' && arg !== null && 'id' in arg && typeof arg.id === 'string') return { channelId: arg.id };
  return undefined;
}

/** The channel id a restored panel's webview state names (media/channel-panel.ts saves it). */
export function channelIdFromState(state: unknown): string | undefined {
  return typeof state === 'object' && state !== null && 'channelId' in state && typeof state.channelId === 'string' ? state.channelId : undefined;
}
