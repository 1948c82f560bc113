// A title line over lines of safe text that scroll with j/k, ↑/↓, Space/PgDn and PgUp: the body of
// a detail pane (a task, a run event) and of a doc.
import { Box, Text } from 'ink';
import { useUiState } from '../state/use-ui-store';
import { scrollKeyTop } from '../keys/list-key-map';
import { useKeys } from '../hooks/use-keys';
import { clip, textRow, type SafeText } from '../format';

export interface ScrollingTextProps {
  title: SafeText;
  lines: readonly SafeText[];
  width: number;
  height: number;
  focused: boolean;
  color: boolean;
  keyboardTaken: boolean;
}

export function ScrollingText(props: ScrollingTextProps) {
  const [scrolled, setTop] = useUiState(0);
  const bodyHeight = Math.max(1, props.height - 1);
  const maxTop = Math.max(0, props.lines.length - bodyHeight);
  // Clamped as drawn (the text shrank, the pane grew), so a key at this frame scrolls from what it shows.
  const top = Math.min(scrolled, maxTop);
  useKeys(
    (input, key) => {
      const next = scrollKeyTop(input, key, top, bodyHeight, maxTop);
      if (next === null) return false;
      setTop(next);
      return true;
    },
    { isActive: props.focused && !props.keyboardTaken },
  );
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text bold={props.color} wrap="truncate">
        {clip(props.title, props.width)}
      </Text>
      {props.lines.slice(top, top + bodyHeight).map((l, i) => (
        <Text key={top + i} wrap="truncate">
          {textRow(l)}
        </Text>
      ))}
    </Box>
  );
}
