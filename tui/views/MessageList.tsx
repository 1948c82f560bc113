// The conversation's message list: the lines of the window's messages around the selection that
// fit the pane, the selected one marked (▌ while the list has the keys, │ otherwise).
import { Box, Text } from 'ink';
import { useMemo, useRef } from 'react';
import type { Message } from '../../shared/index';
import { safeLine, term, textRow } from '../format';
import { MessageLineCache } from '../message-lines';
import { lineWindow } from '../windowing';

export interface MessageListProps {
  messages: readonly Message[];
  /** The selected message's index in `messages`. */
  at: number;
  width: number;
  height: number;
  color: boolean;
  /** A channel's list (reply counts shown), not a thread's. */
  showReplies: boolean;
  me: string;
  focused: boolean;
}

export function MessageList({ messages, at, width, height, color, showReplies, me, focused }: MessageListProps) {
  const cache = useRef(new MessageLineCache()).current;
  const options = useMemo(() => ({ width: width - 1, color, showReplies, me }), [width, color, showReplies, me]);
  const window = lineWindow(messages.length, Math.max(0, at), height, (i) => cache.lines(messages[i] as Message, options));
  const lines = window.lines.map((l, i) => {
    const mark = l.item === at ? (focused ? '▌' : '│') : ' ';
    return <Text key={`${l.item}:${i}`} wrap="truncate">{textRow(term`${safeLine(mark)}${l.text}`)}</Text>;
  });
  while (lines.length < height) {
    lines.unshift(<Text key={`pad${lines.length}`}> </Text>);
  }
  return (
    <Box flexDirection="column" height={height}>
      {lines}
    </Box>
  );
}
