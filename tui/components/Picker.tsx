// Choose one of a few options (status, priority, assignee, what to do with a doc conflict).
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys';
import { useState } from 'react';
import { clip, safeLine } from '../format';
import type { PickerOption } from '../ui-context';
import { WindowedList, moveSelection } from './WindowedList';

export interface PickerProps<T> {
  title: string;
  options: PickerOption<T>[];
  selected?: number;
  width: number;
  height: number;
  onPick(value: T): void;
  onCancel(): void;
  color?: boolean;
}

export function Picker<T>(props: PickerProps<T>) {
  const [selected, setSelected] = useState(props.selected ?? 0);
  const count = props.options.length;
  useKeys((input, key) => {
    if (key.escape) return props.onCancel();
    if (key.return) {
      const option = props.options[selected];
      if (option) props.onPick(option.value);
      return;
    }
    if (key.downArrow || input === 'j') setSelected((s) => moveSelection(s, 1, count));
    if (key.upArrow || input === 'k') setSelected((s) => moveSelection(s, -1, count));
    const digit = Number.parseInt(input, 10);
    if (!Number.isNaN(digit) && digit >= 1 && digit <= Math.min(9, count)) {
      const option = props.options[digit - 1];
      if (option) props.onPick(option.value);
    }
  });
  const listHeight = Math.max(1, Math.min(count, props.height - 1));
  return (
    <Box flexDirection="column" width={props.width}>
      <Text bold={props.color !== false} wrap="truncate">
        {clip(safeLine(`${props.title}  (Enter or 1-9 picks · Esc cancels)`), props.width)}
      </Text>
      <WindowedList
        items={props.options}
        selected={selected}
        height={listHeight}
        width={props.width}
        color={props.color}
        render={(o, i) => safeLine(`${i < 9 ? `${i + 1} ` : '  '}${o.label}`)}
      />
    </Box>
  );
}
