// Gives the terminal to a child process (the editor) and takes it back; `suspended` meanwhile.
import { useCallback } from 'react';
import { useUiState } from '../state/use-ui-store';

export function useSuspend(suspendTerminal?: <T>(fn: () => Promise<T>) => Promise<T>): {
  suspended: boolean;
  withTerminalSuspended<T>(fn: () => Promise<T>): Promise<T>;
} {
  const [suspended, setSuspended] = useUiState(false);
  const withTerminalSuspended = useCallback(
    async <T,>(fn: () => Promise<T>): Promise<T> => {
      setSuspended(true);
      try {
        return suspendTerminal ? await suspendTerminal(fn) : await fn();
      } finally {
        setSuspended(false);
      }
    },
    [suspendTerminal],
  );
  return { suspended, withTerminalSuspended };
}
