// The single stdin subscriber: Ink parses the bytes (escape sequences, a paste kept whole) and every
// input goes to the KeyRouter at once. Its children reach the router and the store through context.
import { useApp, useInput, useStdin } from 'ink';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { UiRootContext } from '../state/use-ui-store';
import { UiStore } from '../state/ui-store';
import { KeyRouter, cutAtCtrlC } from '../keys/key-router';
import { focusReport, terminalFocus, type TerminalFocus } from './focus-reports';
import { isMouseRest, mouseEvents, terminalMouse } from './mouse';

export interface KeyInputProps {
  store?: UiStore;
  router?: KeyRouter;
  /** Where the terminal's focus reports go (the process's one terminal unless given). */
  focus?: TerminalFocus;
  children: ReactNode;
}

export function KeyInput(props: KeyInputProps) {
  const root = useMemo(() => ({ store: props.store ?? new UiStore(), router: props.router ?? new KeyRouter() }), [props.store, props.router]);
  const { stdin, internal_eventEmitter: events } = useStdin();
  // A focus report (ESC [ I, ESC [ O) is the terminal's, never a key: it is taken here, before the
  // handler below (which meets it as "[I") and so before the router. Ink hands every escape
  // sequence of a read as its own input event, so a report never arrives joined to typed keys.
  const swallow = useRef<string | null>(null);
  const focus = props.focus ?? terminalFocus;
  useEffect(() => {
    const onInput = (data: string): void => {
      // Mouse reports likewise (input/mouse.ts): taken here, handed to the mouse hook.
      const mouse = mouseEvents(data);
      if (mouse !== null) {
        swallow.current = data.slice(1);
        for (const event of mouse) terminalMouse.emit(event);
        return;
      }
      const report = focusReport(data);
      if (report === null) return;
      swallow.current = data.slice(1);
      focus.report(report);
    };
    events.prependListener('input', onInput);
    return () => void events.removeListener('input', onInput);
  }, [events, focus]);
  // Ink turns raw mode on in an effect, which for its root runs after the first frame is written: a
  // key typed at that frame (a list drawn from the offline cache is there at once) would meet the
  // terminal's line mode, be echoed and reach us as a line ("\r" as "\n"). Raw mode from the first
  // render on: the terminal keeps such a key as typed until Ink starts reading.
  useState(() => {
    if (stdin.isTTY) stdin.setRawMode(true);
  });
  const { exit } = useApp();
  useInput((input, key) => {
    if (swallow.current !== null) {
      const report = swallow.current;
      swallow.current = null;
      if (input === report) return;
    }
    if (isMouseRest(input)) return;
    const { before, quit } = cutAtCtrlC(input);
    if (!quit) {
      root.router.feed(input, key);
      return;
    }
    // Esc and Ctrl+C read in one chunk reach us as "\x03": both were pressed, so the Esc goes to
    // the views. Keys read before Ctrl+C are handled (a draft typed keeps them) before it quits.
    if (input === '\x03') root.router.feed('', { ...key, escape: true });
    else if (before !== '') root.router.feed(before, key);
    root.router.then(exit);
  });
  return <UiRootContext.Provider value={root}>{props.children}</UiRootContext.Provider>;
}
