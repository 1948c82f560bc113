// The bottom line (its words: status-text.ts).
import { Text } from 'ink';
import { clip } from '../format';
import { statusLine, statusStyle, type StatusTextInput } from './status-text';

export { statusText, type StatusMessage } from './status-text';

export interface StatusLineProps extends StatusTextInput {
  width: number;
  color?: boolean;
}

export function StatusLine(props: StatusLineProps) {
  const { red, dim } = statusStyle(props, props.color !== false);
  return (
    <Text color={red ? 'red' : undefined} dimColor={dim} wrap="truncate">
      {clip(statusLine(props, props.width), props.width)}
    </Text>
  );
}
