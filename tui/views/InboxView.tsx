// The attention inbox: everything that wants the person (mentions, DMs, their tasks changed by
// someone else, runs they watch, refused writes), unread first, filterable by source; Enter opens
// an item where it lives and marks it read, d marks it done. Read/done is the account's (the
// shared InboxSession): another face or process on the same account sees it, and this view sees theirs.
import { useMemo } from 'react';
import { matchesInboxFilter, unreadCounts, type InboxItem, type InboxSource } from '../../shared/index';
import { isInboxSession, refreshInbox, useInboxItems, useInboxRead, useInboxSession } from '../hooks/use-inbox';
import { isOutboxSession, loadOutboxSession } from '../hooks/use-outbox';
import { useUiState } from '../state/use-ui-store';
import { useUi } from '../ui-context';
import type { RowTone } from '../theme';
import { ListPane } from '../components/ListPane';
import { useListView } from '../hooks/use-list-view';
import { ALL_DONE_ASK_ABOVE, inboxKeyAction, nextInboxFilter } from '../keys/inbox-key-map';
import { inboxFilterLine, inboxHeading, inboxRowText, inboxTargetView, nextUnread, outboxOperationPlace, type InboxListFilter } from '../rows/inbox-rows';

export interface InboxViewProps {
  width: number;
  height: number;
  focused: boolean;
}

export function InboxView(props: InboxViewProps) {
  const ui = useUi();
  const session = useInboxSession(ui.client, ui.me);
  const all = useInboxItems(session);
  const lastRead = useInboxRead(session);
  const [source, setSource] = useUiState<InboxSource | null>(null);
  const [unreadOnly, setUnreadOnly] = useUiState(false);
  const filter: InboxListFilter = { source, unreadOnly };
  const sessionFilter = useMemo(() => ({ ...(source === null ? {} : { source }), ...(unreadOnly ? { unread: true } : {}) }), [source, unreadOnly]);
  const items = useMemo(() => all.filter((i) => matchesInboxFilter(i, sessionFilter)), [all, sessionFilter]);
  const counts = useMemo(() => unreadCounts(all), [all]);
  const listHeight = Math.max(1, props.height - 2);

  const mark = (ids: string[], state: 'read' | 'done', doing: string) => {
    if (!isInboxSession(session) || ids.length === 0) return;
    void session.mark(ids, state).catch((error: unknown) => ui.showError(error, doing));
  };

  const open = async (item: InboxItem) => {
    if (item.state === 'unread') mark([item.id], 'read', 'mark it read');
    const view = inboxTargetView(item.target);
    if (view !== null) {
      if (item.gone) ui.info(`${item.where} is gone or no longer readable: what is shown may be empty. Press d to mark it done.`);
      return ui.navigate(view);
    }
    if (item.target.kind !== 'outbox') return;
    const outbox = await loadOutboxSession(ui.client, ui.me);
    const entry = isOutboxSession(outbox) ? await outbox.entry(item.target.entryId) : undefined;
    if (entry === undefined) return ui.info('That write is no longer waiting (sent or dropped elsewhere). Press d to mark it done.');
    const place = outboxOperationPlace(entry.operation);
    if (place !== null) return ui.navigate(place);
    ui.info(`Refused write #${entry.id}: run \`wsc outbox\` to edit, retry or drop it.`, { sticky: true });
  };

  const list = useListView({
    place: props,
    rows: items,
    keyOf: (item) => item.id,
    open: (item) => open(item),
    keys: (input, key) => inboxKeyAction(input, key, listHeight),
    act: (action, current, selected) => {
      switch (action.kind) {
        case 'done':
          if (current) {
            // The selection stays at the same height: on the item that moves up into it.
            list.select(selected + 1 < items.length ? selected + 1 : selected - 1);
            mark([current.id], 'done', 'mark it done');
          }
          break;
        case 'all-done': {
          if (!isInboxSession(session) || items.length === 0) break;
          const ids = items.map((i) => i.id);
          const doAll = () => mark(ids, 'done', 'mark them done');
          if (ids.length <= ALL_DONE_ASK_ABOVE) doAll();
          else
            ui.openPicker<boolean>({
              title: `Mark all ${ids.length} items in this filter done?`,
              options: [
                { label: `yes, mark ${ids.length} done`, value: true, key: 'y' },
                { label: 'no, keep them', value: false, key: 'n' },
              ],
              onPick: (yes) => {
                if (yes) doAll();
              },
            });
          break;
        }
        case 'next-unread': {
          const next = nextUnread(items, selected);
          if (next < 0) ui.info('Nothing unread here.');
          else list.select(next);
          break;
        }
        case 'cycle-filter':
          setSource(nextInboxFilter(source));
          break;
        case 'filter':
          setSource(action.source);
          break;
        case 'unread-only':
          setUnreadOnly((u) => !u);
          break;
        case 'refresh':
          if (isInboxSession(session)) {
            void refreshInbox(session).then(
              (report) => {
                if (report.unreachable) ui.info('The service cannot be reached: the inbox shows what it knew; it refreshes when the service answers.');
              },
              (error: unknown) => ui.showError(error, 'refresh the inbox'),
            );
          }
          break;
      }
    },
  });

  const state = session === null ? 'loading' : session instanceof Error ? 'failed' : 'ready';
  const empty =
    state === 'loading'
      ? 'Opening the inbox…'
      : state === 'failed'
        ? 'The inbox could not be opened (see the status line). Quit and start wsc again to retry.'
        : unreadOnly || source !== null
          ? 'Nothing here with this filter: 0 shows every source, u shows read items too.'
          : 'Nothing wants your attention. Mentions, DMs, your tasks changed by others, runs you watch and refused writes appear here.';
  const now = Date.now();
  const tone = (item: InboxItem): RowTone | undefined => (item.gone ? 'gray' : item.state === 'unread' ? 'yellow' : undefined);
  return (
    <ListPane
      list={list}
      heading={inboxHeading(filter, items.length, counts.total, state, lastRead)}
      subheading={inboxFilterLine(filter, counts.bySource)}
      empty={empty}
      tone={tone}
      render={(item) => inboxRowText(item, props.width, now)}
    />
  );
}
