// The conversation's message list: the lines of the window's messages around the selection that
// fit the pane, the selected one marked (▌ while the list has the keys, │ otherwise); a click picks
// the message drawn on that line.
import { Box, Text, type DOMElement } from 'ink';
import { useMemo, useRef } from 'react';
import type { Message } from '../../shared/index';
import { safeLine, term, textRow } from '../format';
import { MessageLineCache } from '../message-lines';
import { itemAtLine, lineWindow } from '../windowing';
import { useClickArea } from '../hooks/use-click-area';

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
  /** A click on a message's lines (header, body or wrap) picks it. */
  onPick?(message: Message): void;
}

export function MessageList({ messages, at, width, height, color, showReplies, me, focused, onPick }: MessageListProps) {
  const cache = useRef(new MessageLineCache()).current;
  const box = useRef<DOMElement>(null);
  const options = useMemo(() => ({ width: width - 1, color, showReplies, me }), [width, color, showReplies, me]);
  const window = lineWindow(messages.length, Math.max(0, at), height, (i) => cache.lines(messages[i] as Message, options));
  // The message as drawn, so a page read since the frame does not move the click onto another one.
  const pick = (line: number) => {
    const item = itemAtLine(window, height, line);
    const message = item === null ? undefined : messages[item];
    if (message) onPick?.(message);
  };
  useClickArea(box, height, width, onPick ? pick : undefined);
  const lines = window.lines.map((l, i) => {
    const mark = l.item === at ? (focused ? '▌' : '│') : ' ';
    return <Text key={`${l.item}:${i}`} wrap="truncate">{textRow(term`${safeLine(mark)}${l.text}`)}</Text>;
  });
  while (lines.length < height) {
    lines.unshift(<Text key={`pad${lines.length}`}> </Text>);
  }
  return (
    <Box ref={box} flexDirection="column" height={height}>
      {lines}
    </Box>
  );
}
