// A conversation's writes waiting in the outbox: shown under its messages as pending (or failed,
// with the service's message and the choices e edit · r retry · D drop), normal once sent.
import { useEffect, useState } from 'react';
import type { OutboxEntry } from '../../shared/index';
import { editDraftInEditor } from '../compose-editor';
import { clip, safeLine } from '../format';
import type { ConversationTarget } from '../hooks/use-conversation';
import type { OutboxSession } from '../../shared/index';
import { isOutboxSession } from '../hooks/use-outbox';
import { useUi } from '../ui-context';
import type { SafeText } from '../../shared/index';

export const FAILED_CHOICES = 'e edit · r retry · D drop';

/** At most this many rows; older ones are counted in the last row. */
const MAX_ROWS = 4;

export interface ConversationOutbox {
  entries: readonly OutboxEntry[];
  /** The newest refused entry of this conversation, which e/r/D act on. */
  failed: OutboxEntry | undefined;
  /** The newest entry still waiting to be sent (or being sent), which D drops when nothing was refused. */
  pending: OutboxEntry | undefined;
  choose(key: 'e' | 'r' | 'D'): void;
}

export function useConversationOutbox(
  outbox: OutboxSession | Error | null,
  all: readonly OutboxEntry[],
  target: ConversationTarget,
  refresh: () => Promise<unknown>,
): ConversationOutbox {
  const ui = useUi();
  const rootId = target.kind === 'thread' ? target.rootId : undefined;
  // A sent entry stays shown (pending) until the refreshed list holds the real message.
  const [justSent, setJustSent] = useState<readonly OutboxEntry[]>([]);
  const live = isOutboxSession(outbox) ? outbox : null;

  useEffect(() => {
    if (!live) return;
    const mine = (e: OutboxEntry) => entriesFor([e], target.channelId, rootId).length === 1;
    return live.on({
      sent(entry) {
        if (!mine(entry)) return;
        setJustSent((list) => [...list, entry]);
        ui.live.cue('posted');
        ui.connectionOk();
        void refresh().finally(() => setJustSent((list) => list.filter((e) => e.id !== entry.id)));
      },
      refused(entry, said) {
        if (mine(entry)) ui.info(`not sent: ${said.message} — ${FAILED_CHOICES}`, { sticky: true });
        else if (entry.operation.kind === 'edit') ui.info(`edit not saved: ${said.message} — wsc outbox list shows it`, { sticky: true });
      },
    });
  }, [live, target.channelId, rootId]);

  const waiting = entriesFor(all, target.channelId, rootId);
  const entries = [...justSent.filter((s) => !waiting.some((w) => w.id === s.id)), ...waiting];
  const failed = [...waiting].reverse().find((e) => e.state === 'failed');
  const pending = [...waiting].reverse().find((e) => e.state === 'pending');

  const choose = (key: 'e' | 'r' | 'D') => {
    if (!live) return;
    if (key === 'D') {
      const target = failed ?? pending;
      if (target) void live.drop(target.id).then((outcome) => ui.info(outcome === 'sent' ? 'it was sent before it could be stopped' : 'dropped from the outbox'));
      return;
    }
    if (!failed) return;
    if (key === 'r') {
      live.retry(failed.id);
      ui.info('sending again…');
    } else if (failed.operation.kind === 'post' || failed.operation.kind === 'edit') {
      void editDraftInEditor(ui, failed.operation.body).then((body) => {
        if (body === null || body.trim() === '') return;
        void live.edit(failed.id, body).then((edited) => ui.info(edited ? 'edited; sending again…' : 'it may have reached the service already: its text stays'));
      });
    }
  };

  return { entries, failed, pending, choose };
}

/** The entries that belong in a conversation: posts to its channel (replies only in their thread). */
export function entriesFor(entries: readonly OutboxEntry[], channelId: string, rootId: string | undefined): OutboxEntry[] {
  return entries.filter((e) => e.operation.kind === 'post' && e.operation.channelId === channelId && (e.operation.parentId ?? undefined) === rootId);
}

export interface OutboxRow {
  key: string;
  text: SafeText;
  failed: boolean;
}

export function outboxRows(entries: readonly OutboxEntry[], width: number, myName: string): OutboxRow[] {
  const shown = entries.slice(-MAX_ROWS);
  const rows = shown.flatMap((e): OutboxRow[] => {
    const body = e.operation.kind === 'post' || e.operation.kind === 'edit' ? e.operation.body.replace(/\s+/g, ' ') : '';
    if (e.state === 'failed') {
      const said = e.lastError ? `${e.lastError.message} ${e.lastError.hint}` : 'refused by the service';
      return [
        { key: `outbox${e.id}`, failed: true, text: clip(safeLine(`  ✗ not sent · ${FAILED_CHOICES} · ${myName}: ${body}`), width) },
        { key: `outbox${e.id}why`, failed: true, text: clip(safeLine(`    ${said}`), width) },
      ];
    }
    return [{ key: `outbox${e.id}`, failed: false, text: clip(safeLine(`  ⋯ pending · D drop · ${myName}: ${body}`), width) }];
  });
  const hidden = entries.length - shown.length;
  if (hidden > 0) rows.unshift({ key: 'outbox-more', failed: false, text: clip(safeLine(`  ⋯ ${hidden} more waiting (wsc outbox list)`), width) });
  return rows;
}
