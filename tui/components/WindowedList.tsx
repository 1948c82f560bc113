// A list of one-line rows of which only the visible window is rendered, however long it is.
import { Box, Text, type DOMElement } from 'ink';
import { memo, useRef } from 'react';
import { useClickArea } from '../hooks/use-click-area';
import { terminalFeatures } from '../terminal-features';
import type { RowTone } from '../theme';
import { fit, safeLine, type SafeText } from '../format';
import { listRowStyle, listRowText, listWindow } from '../rows/list-rows';

export interface WindowedListProps<T> {
  items: readonly T[];
  selected: number;
  height: number;
  width: number;
  /** One line for an item (SafeText: sanitised server parts; it is clipped to the width). */
  render(item: T, index: number): SafeText;
  /** The colour a row's state gives it (urgent, done, destructive…); shown only with colour on. */
  tone?(item: T): RowTone | undefined;
  focused?: boolean;
  color?: boolean;
  empty?: string;
  /** A mouse click on a row picks it (tui/input/mouse.ts); without it, clicks on the list do nothing of their own. */
  onPick?(index: number): void;
}


const Row = memo(function Row(props: { text: SafeText; selected: boolean; focused: boolean; color: boolean; tone: RowTone | undefined }) {
  const { inverse, bold } = listRowStyle(props.selected, props.focused, props.color);
  return (
    <Text inverse={inverse} bold={bold} color={props.color && !inverse && props.tone ? terminalFeatures().theme.tones[props.tone] : undefined} wrap="truncate">
      {safeLine(props.text)}
    </Text>
  );
});

export function WindowedList<T>(props: WindowedListProps<T>) {
  const { items, selected, height, width, onPick } = props;
  const box = useRef<DOMElement>(null);
  const { start, end } = listWindow(items.length, selected, height);
  useClickArea(box, end - start, width, onPick ? (line) => onPick(start + line) : undefined);
  if (items.length === 0) {
    return (
      <Box height={height} flexDirection="column">
        <Text dimColor={props.color !== false} wrap="truncate">
          {fit(safeLine(props.empty ?? '(nothing here)'), width)}
        </Text>
      </Box>
    );
  }
  const focused = props.focused !== false;
  const rows = [];
  for (let i = start; i < end; i++) {
    rows.push(
      <Row
        key={i}
        text={listRowText(props.render(items[i] as T, i), i === selected, focused, width)}
        selected={i === selected}
        focused={focused}
        color={props.color !== false}
        tone={props.tone?.(items[i] as T)}
      />,
    );
  }
  return (
    <Box ref={box} height={height} flexDirection="column">
      {rows}
    </Box>
  );
}
