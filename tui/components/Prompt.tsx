// A one-line question at the bottom of the screen (filters, titles, notes, PR links, search).
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys';
import { useState } from 'react';
import { clip } from '../format';
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
  const [value, setValue] = useState(props.initial ?? '');
  useKeys((input, key) => {
    if (key.escape) return props.onCancel();
    if (key.return) return props.onSubmit(value);
    setValue((v) => editText(v, input, key));
  }, { text: true });
  const color = props.color !== false;
  return (
    <Box flexDirection="column" width={props.width}>
      <Text bold={color} wrap="truncate">
        {clip(`${props.title}  (Enter confirms · Esc cancels)`, props.width)}
      </Text>
      <Text wrap="truncate">{clip(`> ${value}▏`, props.width)}</Text>
      {props.hint ? (
        <Text dimColor={color} wrap="truncate">
          {clip(props.hint, props.width)}
        </Text>
      ) : null}
    </Box>
  );
}
