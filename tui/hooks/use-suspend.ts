// Gives the terminal to a child process (the editor) and takes it back; the UiStore's `suspended`
// says so meanwhile.
import { useCallback } from 'react';
import { useUiRoot } from '../state/use-ui-store';

export function useSuspend(suspendTerminal?: <T>(fn: () => Promise<T>) => Promise<T>): <T>(fn: () => Promise<T>) => Promise<T> {
  const { store } = useUiRoot();
  return useCallback(
    async <T,>(fn: () => Promise<T>): Promise<T> => {
      store.setSuspended(true);
      try {
        return suspendTerminal ? await suspendTerminal(fn) : await fn();
      } finally {
        store.setSuspended(false);
      }
    },
    [store, suspendTerminal],
  );
}
