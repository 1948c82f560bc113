// React's view of the UiStore and the KeyRouter: one provider at the root (KeyInput.tsx), a selector
// hook for the store's fields, and useUiState, a useState whose value lives in the store (so a key's
// change to it is rendered before the next key is routed, and a handler reads it at once).
import { createContext, useCallback, useContext, useEffect, useId, useSyncExternalStore, type Dispatch, type SetStateAction } from 'react';
import type { KeyRouter } from '../keys/key-router';
import type { UiState, UiStore } from './ui-store';

export interface UiRoot {
  store: UiStore;
  router: KeyRouter;
}

export const UiRootContext = createContext<UiRoot | null>(null);

export function useUiRoot(): UiRoot {
  const root = useContext(UiRootContext);
  if (root === null) throw new Error('a component that takes keys outside <KeyInput>');
  return root;
}

/** A field (or anything computed) of the store's state; re-renders when it changes. */
export function useUiSelector<T>(select: (state: UiState) => T): T {
  const { store } = useUiRoot();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}

/** Like useState, with the value in the store: dropped when the component unmounts. */
export function useUiState<T>(initial: T | (() => T)): [T, Dispatch<SetStateAction<T>>] {
  const { store } = useUiRoot();
  const id = useId();
  if (!store.hasSlot(id)) store.initSlot(id, typeof initial === 'function' ? (initial as () => T)() : initial);
  const value = useSyncExternalStore(store.subscribe, () => store.slot<T>(id));
  const set = useCallback(
    (action: SetStateAction<T>) => {
      // After the component is gone (an answer that comes after Esc left the view), nothing to set.
      if (!store.hasSlot(id)) return;
      const next = typeof action === 'function' ? (action as (prev: T) => T)(store.slot<T>(id)) : action;
      store.setSlot(id, next);
    },
    [store, id],
  );
  useEffect(() => () => store.dropSlot(id), [store, id]);
  return [value, set];
}
