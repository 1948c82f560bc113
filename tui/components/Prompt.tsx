// A one-line question at the bottom of the screen (filters, titles, notes, PR links, search).
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys';
import { useRef } from 'react';
import { useUiState } from '../state/use-ui-store';
import { clip, safeLine } from '../format';
import { editText } from '../text-editing';

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
  useKeys((input, key) => {
    if (key.escape) return props.onCancel();
    if (key.return) return props.onSubmit(current.current);
    // A paste (or fast typing) that ends in Enter arrives as one chunk: a one-line prompt takes
    // the text up to the first line break and confirms, as a shell prompt would.
    const lineBreak = !key.ctrl && !key.meta ? input.search(/[\r\n]/) : -1;
    if (lineBreak >= 0) return props.onSubmit(editText(current.current, input.slice(0, lineBreak), key));
    setValue(editText(current.current, input, key));
  }, { text: true, level: 'overlay' });
  const color = props.color !== false;
  return (
    <Box flexDirection="column" width={props.width}>
      <Text bold={color} wrap="truncate">
        {clip(safeLine(`${props.title}  (Enter confirms · Esc cancels)`), props.width)}
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
