// Which view the main pane shows, the way back and which pane has focus: read from the UiStore
// (state/ui-store.ts), which keys change synchronously.
import type { Focus } from '../keys/app-keymap';
import type { View } from '../ui-context';
import { useUiRoot, useUiSelector } from '../state/use-ui-store';

export interface Navigation {
  view: View;
  focus: Focus;
  setFocus(focus: Focus): void;
  /** Shows `next` in the main pane and focuses it. */
  navigate(next: View): void;
  /** Shows `next` in place of the current view (which Esc then does not come back to). */
  replace(next: View): void;
  /** The previous view; with none, or back at the welcome text (which has no keys), focus goes to the sidebar. */
  back(): void;
}

export function useNavigation(): Navigation {
  const { store } = useUiRoot();
  const view = useUiSelector((s) => s.view);
  const focus = useUiSelector((s) => s.focus);
  return { view, focus, setFocus: store.setFocus, navigate: store.navigate, replace: store.replace, back: store.back };
}
