// The command palette's state and what its keys do (the container of views/PaletteView.tsx): the
// commands of list_capabilities, the filter, the selection, the open form and the shown result, all
// in the UiStore. Which key asks for what is views/palette-key-map.ts's.
import { useEffect } from 'react';
import type { Capability } from '../../shared/index';
import { moveSelection } from '../windowing';
import type { SafeText } from '../format';
import { useUiState } from '../state/use-ui-store';
import { editText } from '../text-editing';
import { useUi } from '../ui-context';
import { paletteKeyAction } from '../keys/palette-key-map';
import { resultLines } from '../rows/palette-result';
import { useKeys } from './use-keys';

export interface PaletteState {
  /** null while list_capabilities is being read. */
  commands: Capability[] | null;
  filter: string;
  /** The commands the filter keeps. */
  shown: Capability[];
  selected: number;
  /** The command whose form is open. */
  form: Capability | null;
  /** The last command's result as lines, while it is shown, and where it is scrolled to. */
  result: SafeText[] | null;
  top: number;
  closeForm(): void;
  run(command: Capability, input: Record<string, unknown>): Promise<void>;
}

export function usePalette(options: { width: number; focused: boolean }): PaletteState {
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

  const needle = filter.toLowerCase();
  const shown = (commands ?? []).filter((c) => c.name.includes(needle) || c.description.toLowerCase().includes(needle));

  const run = async (command: Capability, input: Record<string, unknown>) => {
    setForm(null);
    ui.info(`running ${command.name}…`);
    try {
      const out = command.risk === 'read' ? await ui.client.readAction<unknown>(command.name, input) : await ui.client.runAction(command.name, input);
      setResult(resultLines(out, options.width));
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
      if (action === null) return false;
      switch (action.kind) {
        case 'close-result':
          setResult(null);
          break;
        case 'scroll':
          setTop((t) => Math.max(0, t + action.by));
          break;
        case 'clear-filter':
          setFilter('');
          break;
        case 'back':
          ui.back();
          break;
        case 'move':
          setSelected((s) => moveSelection(s, action.by, shown.length));
          break;
        case 'open-form': {
          const c = shown[selected];
          if (c) setForm(c);
          break;
        }
        case 'edit-filter':
          setFilter((f) => editText(f, input, key));
          setSelected(0);
          break;
      }
      return true;
    },
    { isActive: options.focused && !ui.keyboardTaken && form === null, text: true, line: true },
  );

  return { commands, filter, shown, selected, form, result, top, closeForm: () => setForm(null), run };
}
