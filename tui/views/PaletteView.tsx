// The command palette over list_capabilities: type to filter, Enter opens the command's form;
// read commands go through readAction, the rest through runAction; the receipt is shown.
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys';
import { useEffect } from 'react';
import { useUiState } from '../state/use-ui-store';
import type { Capability } from '../../shared/index';
import { ActionForm } from '../components/ActionForm';
import { clip, safeLine, term, textRow, type SafeText } from '../format';
import { editText } from '../text-editing';
import { useUi } from '../ui-context';
import { paletteKeyAction } from './palette-key-map';
import { WindowedList, moveSelection } from '../components/WindowedList';

export interface PaletteViewProps {
  width: number;
  height: number;
  focused: boolean;
}

/** The result as lines: the receipt first (with replayed), then the output as JSON. */
export function resultLines(result: unknown, width: number): SafeText[] {
  const lines: SafeText[] = [];
  if (result && typeof result === 'object' && 'receipt' in result) {
    const r = (result as { receipt: { actionId: string; requestId: string; replayed: boolean } }).receipt;
    // One id per line: a receipt line cut at the pane's width would hide the request id.
    lines.push(clip(safeLine(`receipt: action ${safeLine(r.actionId)}`), width));
    lines.push(clip(safeLine(`         request ${safeLine(r.requestId)}`), width));
    if (r.replayed) lines.push(clip(safeLine('         REPLAYED (the effect was not repeated)'), width));
  }
  const text = JSON.stringify(result, null, 2) ?? 'null';
  for (const line of text.split('\n')) lines.push(clip(safeLine(line), width));
  return lines;
}

export function PaletteView(props: PaletteViewProps) {
  const ui = useUi();
  const [commands, setCommands] = useUiState<Capability[] | null>(null);
  const [filter, setFilter] = useUiState('');
  const [selected, setSelected] = useUiState(0);
  const [form, setForm] = useUiState<Capability | null>(null);
  const [result, setResult] = useUiState<SafeText[] | null>(null);
  const [top, setTop] = useUiState(0);

  useEffect(() => {
    ui.client.capabilities().then(
      (c) => setCommands(c.commands.filter((x) => !x.interactiveOnly)),
      (error: unknown) => ui.showError(error, 'list the commands'),
    );
  }, []);

  const shown = (commands ?? []).filter((c) => c.name.includes(filter.toLowerCase()) || c.description.toLowerCase().includes(filter.toLowerCase()));

  const run = async (command: Capability, input: Record<string, unknown>) => {
    setForm(null);
    ui.info(`running ${command.name}…`);
    try {
      const out = command.risk === 'read' ? await ui.client.readAction<unknown>(command.name, input) : await ui.client.runAction(command.name, input);
      setResult(resultLines(out, props.width));
      setTop(0);
      ui.info(`${command.name}: done`);
      if (command.risk !== 'read') ui.live.cue('changed');
    } catch (error) {
      ui.showError(error, command.name);
    }
  };

  useKeys(
    (input, key) => {
      const action = paletteKeyAction(input, key, { showingResult: result !== null, filter });
      switch (action?.kind) {
        case undefined:
          return false;
        case 'close-result':
          return setResult(null);
        case 'scroll':
          return setTop((t) => Math.max(0, t + action.by));
        case 'clear-filter':
          return setFilter('');
        case 'back':
          return ui.back();
        case 'move':
          return setSelected((s) => moveSelection(s, action.by, shown.length));
        case 'open-form': {
          const c = shown[selected];
          if (c) setForm(c);
          return;
        }
        case 'edit-filter':
          setFilter((f) => editText(f, input, key));
          return setSelected(0);
      }
    },
    { isActive: props.focused && !ui.keyboardTaken && form === null, text: true },
  );

  if (form !== null) {
    return (
      <ActionForm
        command={form}
        width={props.width}
        height={props.height}
        active={props.focused && !ui.keyboardTaken}
        color={ui.color}
        onCancel={() => setForm(null)}
        onSubmit={(input) => void run(form, input)}
      />
    );
  }
  if (result !== null) {
    return (
      <Box flexDirection="column" width={props.width} height={props.height}>
        <Text bold={ui.color}>Result · ↑↓ scroll · Enter or Esc closes</Text>
        {result.slice(top, top + props.height - 1).map((l, i) => (
          <Text key={top + i} wrap="truncate">
            {textRow(l)}
          </Text>
        ))}
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text bold={ui.color} wrap="truncate">
        {clip(safeLine(`: ${filter}▏  (${shown.length} commands · type to filter · Enter opens · Esc back)`), props.width)}
      </Text>
      <WindowedList
        items={shown}
        selected={selected}
        height={props.height - 1}
        width={props.width}
        focused={props.focused}
        color={ui.color}
        empty={commands === null ? 'loading…' : 'No command matches.'}
        render={(c) => term`${safeLine(c.name)} [${safeLine(c.risk)}] ${safeLine(c.description)}`}
        tone={(c) => (c.risk === 'destructive' ? 'red' : undefined)}
      />
    </Box>
  );
}
