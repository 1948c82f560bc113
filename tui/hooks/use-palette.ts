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

/** The commands list, the filter, the selection and the open form: changed together, by one update. */
interface PaletteList {
  commands: Capability[] | null;
  filter: string;
  selected: number;
  form: Capability | null;
  /** Enter came while the commands were being read: the selected match opens once they are. */
  openWhenLoaded: boolean;
}

function shownOf(list: Pick<PaletteList, 'commands' | 'filter'>): Capability[] {
  const needle = list.filter.toLowerCase();
  return (list.commands ?? []).filter((c) => c.name.includes(needle) || c.description.toLowerCase().includes(needle));
}

export function usePalette(options: { width: number; focused: boolean }): PaletteState {
  const ui = useUi();
  const [list, setList] = useUiState<PaletteList>({ commands: null, filter: '', selected: 0, form: null, openWhenLoaded: false });
  const [result, setResult] = useUiState<SafeText[] | null>(null);
  const [top, setTop] = useUiState(0);
  const { commands, filter, selected, form } = list;
  const setForm = (next: Capability | null) => setList((l) => ({ ...l, form: next }));

  useEffect(() => {
    let alive = true;
    ui.client.capabilities().then(
      (c) =>
        alive &&
        setList((l) => {
          const loaded = { ...l, commands: c.commands.filter((x) => !x.interactiveOnly), openWhenLoaded: false };
          return l.openWhenLoaded ? { ...loaded, form: shownOf(loaded)[l.selected] ?? null } : loaded;
        }),
      (error: unknown) => alive && ui.showError(error, 'list the commands'),
    );
    return () => {
      alive = false;
    };
  }, []);

  const shown = shownOf(list);

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
          setList((l) => ({ ...l, filter: '', openWhenLoaded: false }));
          break;
        case 'back':
          ui.back();
          break;
        case 'move':
          setList((l) => ({ ...l, selected: moveSelection(l.selected, action.by, shownOf(l).length) }));
          break;
        case 'open-form':
          // Typed before the commands were read (":get_task⏎" at once): it opens once they are.
          setList((l) => (l.commands === null ? { ...l, openWhenLoaded: true } : { ...l, form: shownOf(l)[l.selected] ?? l.form }));
          break;
        case 'edit-filter':
          setList((l) => ({ ...l, filter: editText(l.filter, input, key), selected: 0, openWhenLoaded: false }));
          break;
      }
      return true;
    },
    { isActive: options.focused && !ui.keyboardTaken && form === null, text: true, line: true },
  );

  return { commands, filter, shown, selected, form, result, top, closeForm: () => setForm(null), run };
}
