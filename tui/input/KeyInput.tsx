// The single stdin subscriber: Ink parses the bytes (escape sequences, a paste kept whole) and every
// input goes to the KeyRouter at once. Its children reach the router and the store through context.
import { useApp, useInput, useStdin } from 'ink';
import { useMemo, useState, type ReactNode } from 'react';
import { UiRootContext } from '../state/use-ui-store';
import { UiStore } from '../state/ui-store';
import { KeyRouter, cutAtCtrlC } from './key-router';

export interface KeyInputProps {
  store?: UiStore;
  router?: KeyRouter;
  children: ReactNode;
}

export function KeyInput(props: KeyInputProps) {
  const root = useMemo(() => ({ store: props.store ?? new UiStore(), router: props.router ?? new KeyRouter() }), [props.store, props.router]);
  const { stdin } = useStdin();
  // Ink turns raw mode on in an effect, which for its root runs after the first frame is written: a
  // key typed at that frame (a list drawn from the offline cache is there at once) would meet the
  // terminal's line mode, be echoed and reach us as a line ("\r" as "\n"). Raw mode from the first
  // render on: the terminal keeps such a key as typed until Ink starts reading.
  useState(() => {
    if (stdin.isTTY) stdin.setRawMode(true);
  });
  const { exit } = useApp();
  useInput((input, key) => {
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
