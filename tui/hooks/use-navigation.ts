// Which view the main pane shows, the way back (the last 50 views), and which pane has focus.
import { useCallback, useRef, useState } from 'react';
import type { Focus } from '../app-keymap';
import type { View } from '../ui-context';

const HISTORY_MAX = 50;

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

export function useNavigation(initialView: View | undefined): Navigation {
  const [view, setView] = useState<View>(initialView ?? { kind: 'welcome' });
  const [focus, setFocus] = useState<Focus>('sidebar');
  const history = useRef<View[]>([]);
  const navigate = useCallback((next: View) => {
    setView((prev) => {
      history.current.push(prev);
      if (history.current.length > HISTORY_MAX) history.current.shift();
      return next;
    });
    setFocus('main');
  }, []);
  const replace = useCallback((next: View) => {
    setView(next);
    setFocus('main');
  }, []);
  const back = useCallback(() => {
    const prev = history.current.pop();
    if (prev) setView(prev);
    if (!prev || prev.kind === 'welcome') setFocus('sidebar');
  }, []);
  return { view, focus, setFocus, navigate, replace, back };
}
