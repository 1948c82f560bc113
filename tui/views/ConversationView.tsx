// A channel or a thread: the message list (MessageList, the window around the selection), its keys
// and clicks, the task card and the compose box.
import { Box, Text, type DOMElement } from 'ink';
import { useKeys } from '../hooks/use-keys';
import { useEffect, useMemo, useRef } from 'react';
import { useUiState } from '../state/use-ui-store';
import { messageUrl, type Channel, type Member, type Message } from '../../shared/index';
import { copyToClipboard } from '../../term/clipboard';
import { Compose } from '../components/Compose';
import { clip, customRoomIcon, loadingLabel, roomLabel, safeLine, textRow } from '../format';
import { editDraftInEditor } from '../compose-editor';
import { useConversation, type ConversationTarget } from '../hooks/use-conversation';
import type { ShownMark } from '../history/message-window';
import { useOutboxEntries, useOutboxSession } from '../hooks/use-outbox';
import { useConversationSend } from '../hooks/use-conversation-send';
import { useMessageSeek } from '../hooks/use-message-seek';
import { useClickArea } from '../hooks/use-click-area';
import { MessageList } from './MessageList';
import { outboxRows, useConversationOutbox } from './conversation-outbox';
import { useTaskCard } from '../hooks/use-task-card';
import { firstTaskRef, taskCardText } from '../task-card';
import { useUi } from '../ui-context';
import { conversationKeyAction } from '../keys/conversation-key-map';

export interface ConversationViewProps {
  target: ConversationTarget;
  channel: Channel | undefined;
  focusMessageId?: string;
  width: number;
  height: number;
  focus: 'main' | 'compose' | 'other';
  setFocus(focus: 'main' | 'compose'): void;
}

/** The selection this close to an edge of the window reads the page beyond it. */
const PREFETCH_WITHIN = 30;

/** The compose box: its title, its lines (growing with the draft up to a third of the pane), the completions. */
const composeHeight = (lines: number) => lines + 2;

export function ConversationView(props: ConversationViewProps) {
  const ui = useUi();
  const { target, width, height } = props;
  const conv = useConversation(ui.client, ui.live, target, { ok: ui.connectionOk, error: (e) => ui.showError(e) });
  // null: the newest message, followed as new ones come; else a mark that stays on its message when
  // messages join or leave the window above it.
  const [selection, setSelection] = useUiState<ShownMark | null>(null);
  const [members, setMembers] = useUiState<Member[]>([]);
  const [composeLines, setComposeLines] = useUiState(2);
  const maxComposeLines = Math.max(2, Math.min(10, Math.floor(height / 3)));
  const count = conv.messages.length;
  const draftKey = target.kind === 'channel' ? target.channelId : `thread:${target.rootId}`;
  const outbox = useOutboxSession(ui.client, ui.me);
  const seek = useMessageSeek(conv, props.focusMessageId, setSelection, (text) => ui.info(text));
  // A write of mine shows where new messages come: the window goes to the newest, following it.
  const toNewest = (): Promise<void> => {
    seek.settle();
    setSelection(null);
    return conv.hasNewer ? conv.loadNewest().then(() => undefined) : conv.refresh();
  };
  const waiting = useConversationOutbox(outbox, useOutboxEntries(outbox), target, toNewest);
  const writes = useConversationSend(ui, conv, target, props.channel, outbox, () => void toNewest());

  useEffect(() => {
    let alive = true;
    ui.client.members(target.channelId).then(
      (list) => alive && setMembers(list),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [ui.client, target.channelId]);

  const newest = conv.messages[count - 1];
  useEffect(() => {
    if (target.kind === 'channel') {
      ui.state.markSeen(target.channelId, props.channel?.last_message_at);
      ui.state.markSeen(target.channelId, newest?.created_at);
    }
  }, [newest?.id, props.channel?.last_message_at]);

  const select = (index: number) => {
    seek.settle();
    // The window now, not as drawn: a page may have joined it since.
    const last = conv.messages.length - 1;
    const next = Math.max(0, Math.min(last, index));
    // The last message follows new ones only when the window is at the newest.
    setSelection(next === last && !conv.hasNewer ? null : conv.mark(next));
  };

  // A click on a message: that message, found again in the window as it is now.
  const pick = (message: Message) => {
    const index = conv.messages.findIndex((m) => m.id === message.id);
    if (index >= 0) select(index);
    props.setFocus('main');
  };
  const composeBox = useRef<DOMElement>(null);
  useClickArea(composeBox, composeHeight(Math.max(2, composeLines)), width, () => props.setFocus('compose'));

  const loadOlderKeepingPlace = async () => {
    const added = await conv.loadOlder();
    // The message just above the one that was on top (the selection stayed on that one).
    if (added > 0) setSelection((s) => conv.mark(Math.max(0, (s === null ? conv.messages.length - 1 : conv.indexOfMark(s)) - 1)));
  };

  const loadNewerKeepingPlace = async () => {
    const added = await conv.loadNewer();
    // The message just below the one that was at the bottom (the selection stayed on that one).
    if (added > 0) setSelection((s) => (s === null ? null : conv.mark(Math.min(conv.messages.length - 1, conv.indexOfMark(s) + 1))));
  };

  /**
   * The selected message's index in the window as it is now (a page read since the last draw moved
   * it): the message asked for while it stands for the selection, so the frame that first holds it
   * draws it selected.
   */
  const selectedIndex = (): number => {
    const last = conv.messages.length - 1;
    const asked = seek.asked();
    if (asked >= 0) return asked;
    return selection === null ? last : Math.max(0, Math.min(last, conv.indexOfMark(selection)));
  };
  const at = selectedIndex();
  // The page beyond an edge is read while the selection is still a few messages from it, so
  // scrolling seldom meets the edge.
  useEffect(() => {
    if (conv.loading || count === 0) return;
    if (conv.hasNewer && at >= count - PREFETCH_WITHIN) void conv.loadNewer();
    else if (conv.hasOlder && at < PREFETCH_WITHIN) void conv.loadOlder();
  }, [at, count, conv.loading, conv.hasOlder, conv.hasNewer]);
  const active = props.focus === 'main' && !ui.keyboardTaken;
  const selectedMessage = conv.messages[at];
  const cardRef = useMemo(() => (selectedMessage ? firstTaskRef(selectedMessage.body) : null), [selectedMessage?.id, selectedMessage?.body]);
  const card = useTaskCard(ui.client, cardRef, (e) => ui.showError(e, 'read the task'));
  useKeys(
    (input, key) => {
      // A message the service refused on the way: edit, retry or drop it; one still waiting (or being
      // sent): drop it, which stops the send (d stays Docs).
      if (!key.ctrl && (((input === 'e' || input === 'r') && waiting.failed) || (input === 'D' && (waiting.failed ?? waiting.pending)))) {
        waiting.choose(input);
        return true;
      }
      // A page may have joined the window since it was drawn: the selection's index now.
      const now = selectedIndex();
      const action = conversationKeyAction(input, key, { at: now, count: conv.messages.length, hasOlder: conv.hasOlder, hasNewer: conv.hasNewer, inChannel: target.kind === 'channel' });
      if (action === null) return false;
      // The key moves from what the frame shows: the message asked for becomes the selection's own mark.
      if (seek.asked() >= 0) {
        setSelection(conv.mark(now));
        seek.settle();
      }
      const current = conv.messages[now];
      switch (action.kind) {
        case 'select':
          select(action.index);
          break;
        case 'load-older':
          void loadOlderKeepingPlace();
          break;
        case 'load-newer':
          void loadNewerKeepingPlace();
          break;
        case 'oldest':
          void conv.loadOldest().then((moved) => moved && setSelection(conv.mark(0)));
          break;
        case 'newest':
          void conv.loadNewest().then((moved) => moved && setSelection(null));
          break;
        case 'compose':
          props.setFocus('compose');
          break;
        case 'open-thread':
          if (current) ui.navigate({ kind: 'thread', channelId: target.channelId, rootId: current.id });
          break;
        case 'copy-link': {
          if (!current) break;
          // A reply's own link: the service answers it with its thread root, so it opens in place.
          const url = messageUrl(ui.client.baseUrl, ui.me.workspaceId, target.channelId, current.id);
          copyToClipboard(url);
          ui.info(`link copied: ${url}`);
          break;
        }
        case 'open-task':
          if (cardRef) ui.navigate({ kind: 'task', taskId: cardRef });
          else ui.info('The selected message names no task (T-<n>).');
          break;
        case 'open-run':
          if (current?.run_id) {
            // The agent's message: the run's thread is its thread, where a step is answered.
            const thread = current.author.kind === 'agent' ? { channelId: target.channelId, rootId: current.parent_id ?? current.id, agentHandle: current.author.handle } : undefined;
            ui.navigate({ kind: 'run', runId: current.run_id, channelId: target.channelId, ...(thread ? { thread } : {}) });
          }
          else if (current) ui.info('This message started no run.');
          break;
      }
      return true;
    },
    { isActive: active },
  );

  const cardHeight = cardRef && card ? 1 : 0;
  const pendingRows = outboxRows(waiting.entries, width, ui.me.name);
  const listHeight = Math.max(1, height - 1 - cardHeight - pendingRows.length - composeHeight(Math.max(2, composeLines)));

  // The room as every face names it (roomLabel: `#general`, a DM as `@` and its other members),
  // after the room's own emoji when it has one.
  const name = props.channel ? `${customRoomIcon(props.channel)}${roomLabel(props.channel, ui.me)}` : '…';
  const title =
    target.kind === 'channel'
      ? `${name}${props.channel?.description ? ` — ${safeLine(props.channel.description)}` : ''}`
      : `Thread in ${name} · Esc back`;
  const older = conv.paging ? ' · loading…' : conv.hasOlder ? ' · ↑ for older' : '';

  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold={ui.color} wrap="truncate">
        {clip(safeLine(`${title}${conv.loading ? ` · ${loadingLabel(ui.offline)}` : older}`), width)}
      </Text>
      <MessageList messages={conv.messages} at={at} width={width} height={listHeight} color={ui.color} showReplies={target.kind === 'channel'} me={ui.me.handle} focused={props.focus === 'main'} onPick={pick} />
      {pendingRows.map((row) => (
        <Text key={row.key} dimColor={ui.color && !row.failed} color={ui.color && row.failed ? 'red' : undefined} wrap="truncate">
          {textRow(row.text)}
        </Text>
      ))}
      {cardRef && card ? (
        <Text dimColor={ui.color && card.kind !== 'ready'} wrap="truncate">
          {clip(safeLine(`  ⤷ ${taskCardText(cardRef, card)}${card.kind === 'ready' ? ' · T opens' : ''}`), width)}
        </Text>
      ) : null}
      <Box ref={composeBox} height={composeHeight(Math.max(2, composeLines))} flexDirection="column">
      <Compose
        key={draftKey}
        maxLines={maxComposeLines}
        onLines={setComposeLines}
        openEditor={(text) => editDraftInEditor(ui, text)}
        width={width}
        color={ui.color}
        focused={props.focus === 'compose' && !ui.keyboardTaken}
        placeholder={target.kind === 'channel' ? `message ${name} · Enter sends · Alt+Enter new line` : 'reply in thread · Enter sends'}
        members={members}
        initialDraft={ui.state.draft(draftKey)}
        onDraftChange={(text) => ui.state.setDraft(draftKey, text)}
        onSend={writes.send}
        lastOwnMessage={writes.lastOwn}
        onEdit={writes.edit}
        onLeave={() => props.setFocus('main')}
      />
      </Box>
    </Box>
  );
}
