// The single stdin subscriber: Ink parses the bytes (escape sequences, a paste kept whole) and every
// input goes to the KeyRouter at once. Its children reach the router and the store through context.
import { useInput } from 'ink';
import { useMemo, type ReactNode } from 'react';
import { UiRootContext } from '../state/use-ui-store';
import { UiStore } from '../state/ui-store';
import { KeyRouter } from './key-router';

export interface KeyInputProps {
  store?: UiStore;
  router?: KeyRouter;
  children: ReactNode;
}

export function KeyInput(props: KeyInputProps) {
  const root = useMemo(() => ({ store: props.store ?? new UiStore(), router: props.router ?? new KeyRouter() }), [props.store, props.router]);
  useInput((input, key) => root.router.feed(input, key));
  return <UiRootContext.Provider value={root}>{props.children}</UiRootContext.Provider>;
}
