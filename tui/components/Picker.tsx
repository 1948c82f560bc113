// Choose one of a few options (status, priority, assignee, what to do with a doc conflict).
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys';
import { useUiState } from '../state/use-ui-store';
import { clip, safeLine } from '../format';
import type { PickerOption } from '../ui-context';
import { WindowedList } from './WindowedList';
import { moveSelection } from '../windowing';
import { pickerHint, pickerKeyAction, pickerOptionKeys } from '../keys/picker-key-map';

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
  const keys = pickerOptionKeys(props.options);
  useKeys(
    (input, key) => {
      const action = pickerKeyAction(input, key, { selected, keys });
      if (action === null) return false;
      switch (action.kind) {
        case 'cancel':
          props.onCancel();
          break;
        case 'pick': {
          const option = props.options[action.index];
          if (option) props.onPick(option.value);
          break;
        }
        case 'move':
          setSelected((s) => moveSelection(s, action.by, count));
          break;
      }
      return true;
    },
    { level: 'overlay' },
  );
  const listHeight = Math.max(1, Math.min(count, props.height - 1));
  return (
    <Box flexDirection="column" width={props.width}>
      <Text bold={props.color !== false} wrap="truncate">
        {clip(safeLine(`${props.title}  (${pickerHint(ownKeys ? keys.filter((k) => k !== '').join('/') : `1-${Math.min(9, count)}`)})`), props.width)}
      </Text>
      <WindowedList
        items={props.options}
        selected={selected}
        height={listHeight}
        width={props.width}
        color={props.color}
        render={(o, i) => safeLine(`${(keys[i] ?? '').padEnd(2)}${o.label}`)}
      />
    </Box>
  );
}
