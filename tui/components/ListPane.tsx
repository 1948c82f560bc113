// A list view as drawn: its heading (and a second line under it, when the view has one), then the
// windowed rows of a list controller (hooks/use-list-view.ts), the More… row last when it has one.
import { Box, Text } from 'ink';
import { clip, safeLine, type SafeText } from '../format';
import type { ListView } from '../hooks/use-list-view';
import { isMoreRow, moreRowText } from '../more-row';
import { useUi } from '../ui-context';
import type { RowTone } from '../theme';
import { WindowedList } from './WindowedList';

export interface ListPaneProps<T> {
  list: ListView<T>;
  heading: SafeText;
  subheading?: SafeText;
  /** What an empty list says (loading, failed, nothing yet). */
  empty: string;
  render(row: T): SafeText;
  tone?(row: T): RowTone | undefined;
}

export function ListPane<T>(props: ListPaneProps<T>) {
  const { list, tone, render } = props;
  const { width, height, focused } = list.place;
  const ui = useUi();
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold={ui.color} wrap="truncate">
        {clip(props.heading, width)}
      </Text>
      {props.subheading !== undefined ? (
        <Text dimColor={ui.color} wrap="truncate">
          {clip(props.subheading, width)}
        </Text>
      ) : null}
      <WindowedList
        items={list.rows}
        selected={list.selected}
        height={Math.max(1, height - (props.subheading !== undefined ? 2 : 1))}
        width={width}
        focused={focused}
        color={ui.color}
        empty={props.empty}
        onPick={list.select}
        render={(row) => (isMoreRow(row) ? safeLine(moreRowText(list.moreKey ?? '')) : render(row))}
        tone={(row) => (isMoreRow(row) || !tone ? undefined : tone(row))}
      />
    </Box>
  );
}
