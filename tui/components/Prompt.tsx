// A one-line question at the bottom of the screen (filters, titles, notes, PR links, search).
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys';
import { useRef } from 'react';
import { useUiState } from '../state/use-ui-store';
import { clip, safeLine } from '../format';
import { promptHint, promptKeyAction } from '../keys/prompt-key-map';

export interface PromptProps {
  title: string;
  initial?: string;
  hint?: string;
  width: number;
  onSubmit(value: string): void;
  onCancel(): void;
  color?: boolean;
}

export function Prompt(props: PromptProps) {
  const [value, setValueState] = useUiState(props.initial ?? '');
  // The latest value, also between renders: two chunks read in one tick must both count.
  const current = useRef(value);
  const setValue = (next: string): void => {
    current.current = next;
    setValueState(next);
  };
  useKeys(
    (input, key) => {
      const action = promptKeyAction(input, key, current.current);
      if (action === null) return false;
      switch (action.kind) {
        case 'cancel':
          props.onCancel();
          break;
        case 'submit':
          props.onSubmit(action.value);
          break;
        case 'edit':
          setValue(action.value);
          break;
      }
      return true;
    },
    { text: true, line: true, level: 'overlay' },
  );
  const color = props.color !== false;
  return (
    <Box flexDirection="column" width={props.width}>
      <Text bold={color} wrap="truncate">
        {clip(safeLine(`${props.title}  (${promptHint()})`), props.width)}
      </Text>
      <Text wrap="truncate">{clip(safeLine(`> ${value}▏`), props.width)}</Text>
      {props.hint ? (
        <Text dimColor={color} wrap="truncate">
          {clip(safeLine(props.hint), props.width)}
        </Text>
      ) : null}
    </Box>
  );
}
