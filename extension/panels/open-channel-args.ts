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
