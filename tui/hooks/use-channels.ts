// The channel list, refreshed on live cues (at most every 2 s), so unread markers follow
// last_message_at without a message poll per channel.
import { useEffect, useState } from 'react';
import { cacheOf, type Channel, type Client } from '../../shared/index';
import type { LiveBus } from '../live-bus';
import { channelsAnswered, firstFrame } from '../first-frame';

const MIN_REFRESH_MS = 2_000;

/** The list kept from an earlier run: the store's, or the saved first frame's while the store is not open yet. */
function keptChannels(client: Client): Channel[] | undefined {
  try {
    return cacheOf(client)?.get<Channel[]>('channels')?.value ?? firstFrame()?.channels;
  } catch {
    return firstFrame()?.channels;
  }
}

export function useChannels(client: Client, live: LiveBus, onError: (error: unknown) => void, onOk: () => void): Channel[] {
  // The offline cache's list draws in the first frame; the service's answer replaces it.
  const [channels, setChannels] = useState<Channel[]>(() => (keptChannels(client) ?? []).filter((c) => !c.archived));
  useEffect(() => {
    let stopped = false;
    let last = 0;
    let inFlight = false;
    const load = async () => {
      if (inFlight) return;
      inFlight = true;
      last = Date.now();
      try {
        const list = await client.channels();
        if (stopped) return;
        setChannels(list.filter((c) => !c.archived));
        channelsAnswered(list);
        onOk();
      } catch (error) {
        if (!stopped) onError(error);
      } finally {
        inFlight = false;
      }
    };
    void load();
    const off = live.subscribe((cue) => {
      if (cue === 'posted' || cue === 'changed' || Date.now() - last >= MIN_REFRESH_MS) void load();
    });
    return () => {
      stopped = true;
      off();
    };
    // onError/onOk are stable callbacks of the app: no dependency.
  }, [client, live]);
  return channels;
}
