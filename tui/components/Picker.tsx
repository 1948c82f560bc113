// Choose one of a few options (status, priority, assignee, what to do with a doc conflict).
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys';
import { useUiState } from '../state/use-ui-store';
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
  const [selected, setSelected] = useUiState(props.selected ?? 0);
  const count = props.options.length;
  const ownKeys = props.options.some((o) => o.key !== undefined);
  const keyOf = (o: PickerOption<T>, i: number) => (ownKeys ? (o.key ?? '') : i < 9 ? String(i + 1) : '');
  useKeys((input, key) => {
    if (key.escape) return props.onCancel();
    if (key.return) {
      const option = props.options[selected];
      if (option) props.onPick(option.value);
      return;
    }
    if (key.downArrow || input === 'j') setSelected((s) => moveSelection(s, 1, count));
    if (key.upArrow || input === 'k') setSelected((s) => moveSelection(s, -1, count));
    if (input === '') return;
    const option = props.options.find((o, i) => keyOf(o, i) === input);
    if (option) props.onPick(option.value);
  }, { level: 'overlay' });
  const listHeight = Math.max(1, Math.min(count, props.height - 1));
  return (
    <Box flexDirection="column" width={props.width}>
      <Text bold={props.color !== false} wrap="truncate">
        {clip(safeLine(`${props.title}  (Enter or ${ownKeys ? props.options.map(keyOf).filter((k) => k !== '').join('/') : `1-${Math.min(9, count)}`} picks · Esc cancels)`), props.width)}
      </Text>
      <WindowedList
        items={props.options}
        selected={selected}
        height={listHeight}
        width={props.width}
        color={props.color}
        render={(o, i) => safeLine(`${keyOf(o, i).padEnd(2)}${o.label}`)}
      />
    </Box>
  );
}
