// The compose box: multi-line (Enter sends; Alt+Enter or Ctrl+J adds a line), editing at a cursor
// (line-cursor.ts), @-mention completion from the channel's members, a draft per channel/thread
// kept across restarts, editing your last message (↑ on an empty box), and Ctrl+G for $EDITOR.
// `Compose` is the container (its props, state and keys are hooks/use-compose.ts's, keys mapped by
// compose-key-map.ts); `ComposeBox` only draws what it is given.
import { Box, Text } from 'ink';
import { useEffect } from 'react';
import type { Member } from '../../shared/index';
import { clip, safeLine } from '../format';
import { expandTabs, linesWithCursor, type Draft } from '../line-cursor';
import { useCompose, type ComposeProps } from '../hooks/use-compose';


export function Compose(props: ComposeProps) {
  const { draft, editing, busy, sending, suggestions, choice } = useCompose(props);
  const maxLines = props.maxLines ?? 3;
  const neededLines = composeLineCount(draft, maxLines);
  const onLines = props.onLines;
  useEffect(() => onLines?.(neededLines), [neededLines, onLines]);
  const title = editing !== null ? 'editing your message · Enter saves · Esc cancels' : busy ? 'opening $EDITOR…' : sending > 0 ? 'sending…' : props.placeholder;
  return (
    <ComposeBox
      width={props.width}
      focused={props.focused}
      title={title}
      draft={draft}
      suggestions={suggestions}
      choice={choice}
      maxLines={maxLines}
      color={props.color !== false}
    />
  );
}

/** How many lines the box needs for the draft (at least one, at most maxLines). */
export function composeLineCount(draft: Draft, maxLines: number): number {
  return draft.text === '' ? 1 : Math.max(1, Math.min(maxLines, draft.text.split('\n').length));
}

export interface ComposeBoxProps {
  width: number;
  focused: boolean;
  /** The line above the text: the placeholder, or what the box is doing. */
  title: string;
  draft: Draft;
  suggestions: readonly Pick<Member, 'mention' | 'name'>[];
  choice: number;
  maxLines: number;
  color: boolean;
}

export function ComposeBox(props: ComposeBoxProps) {
  const { width, focused, draft, suggestions, choice, maxLines, color } = props;
  const inner = Math.max(10, width - 2);
  // The lines around the cursor's, so the whole draft can be reached; the cursor mark only when focused.
  const { lines: allLines, cursorLine } = draft.text === '' ? { lines: [], cursorLine: 0 } : linesWithCursor(draft, focused ? '▏' : '');
  const first = Math.max(0, Math.min(cursorLine - maxLines + 1, allLines.length - maxLines));
  const shown = allLines.slice(first, first + maxLines);
  const border = focused ? '▌' : '│';

  return (
    <Box flexDirection="column" width={width}>
      <Text dimColor={color} wrap="truncate">
        {clip(safeLine(`${border} ${props.title}`), width)}
      </Text>
      {shown.length === 0 ? (
        <Text dimColor={color} wrap="truncate">
          {clip(safeLine(`${border} ${focused ? '▏' : '(press i to write)'}`), width)}
        </Text>
      ) : (
        shown.map((line, i) => (
          <Text key={first + i} wrap="truncate">
            {safeLine(`${border} ${clip(safeLine(expandTabs(line)), inner)}`)}
          </Text>
        ))
      )}
      {suggestions.length > 0 ? (
        <Text wrap="truncate">
          {clip(
            safeLine(`${border} ` +
              suggestions
                .map((m, i) => `${i === choice ? '▸' : ' '}${safeLine(m.mention)} (${safeLine(m.name)})`)
                .join('  ') +
              '  Tab completes'),
            width,
          )}
        </Text>
      ) : null}
    </Box>
  );
}
