// The command palette over list_capabilities: type to filter, Enter opens the command's form;
// read commands go through readAction, the rest through runAction; the receipt is shown.
// `PaletteView` is the container (state and keys in hooks/use-palette.ts); `PaletteList` and
// `PaletteResult` only draw what they are given.
import { Box, Text } from 'ink';
import type { Capability } from '../../shared/index';
import { ActionForm } from '../components/ActionForm';
import { WindowedList } from '../components/WindowedList';
import { clip, safeLine, term, textRow, type SafeText } from '../format';
import { usePalette } from '../hooks/use-palette';
import { useUi } from '../ui-context';

export interface PaletteViewProps {
  width: number;
  height: number;
  focused: boolean;
}

export function PaletteView(props: PaletteViewProps) {
  const ui = useUi();
  const palette = usePalette({ width: props.width, focused: props.focused });
  const { form } = palette;
  if (form !== null) {
    return (
      <ActionForm
        command={form}
        width={props.width}
        height={props.height}
        active={props.focused && !ui.keyboardTaken}
        color={ui.color}
        onCancel={palette.closeForm}
        onSubmit={(input) => void palette.run(form, input)}
      />
    );
  }
  if (palette.result !== null) return <PaletteResult lines={palette.result} top={palette.top} width={props.width} height={props.height} color={ui.color} />;
  return (
    <PaletteList
      commands={palette.commands}
      shown={palette.shown}
      filter={palette.filter}
      selected={palette.selected}
      width={props.width}
      height={props.height}
      focused={props.focused}
      color={ui.color}
    />
  );
}

export interface PaletteResultProps {
  lines: SafeText[];
  top: number;
  width: number;
  height: number;
  color: boolean;
}

export function PaletteResult(props: PaletteResultProps) {
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text bold={props.color}>Result · ↑↓ scroll · Enter or Esc closes</Text>
      {props.lines.slice(props.top, props.top + props.height - 1).map((l, i) => (
        <Text key={props.top + i} wrap="truncate">
          {textRow(l)}
        </Text>
      ))}
    </Box>
  );
}

export interface PaletteListProps {
  /** null while the commands are being read. */
  commands: Capability[] | null;
  shown: Capability[];
  filter: string;
  selected: number;
  width: number;
  height: number;
  focused: boolean;
  color: boolean;
}

export function PaletteList(props: PaletteListProps) {
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text bold={props.color} wrap="truncate">
        {clip(safeLine(`: ${props.filter}▏  (${props.shown.length} commands · type to filter · Enter opens · Esc back)`), props.width)}
      </Text>
      <WindowedList
        items={props.shown}
        selected={props.selected}
        height={props.height - 1}
        width={props.width}
        focused={props.focused}
        color={props.color}
        empty={props.commands === null ? 'loading…' : 'No command matches.'}
        render={(c) => term`${safeLine(c.name)} [${safeLine(c.risk)}] ${safeLine(c.description)}`}
        tone={(c) => (c.risk === 'destructive' ? 'red' : undefined)}
      />
    </Box>
  );
}
