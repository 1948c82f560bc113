// The terminal's size, following resizes.
import { useStdout } from 'ink';
import { useCallback, useSyncExternalStore } from 'react';

export interface TerminalSize {
  columns: number;
  rows: number;
}

export function useTerminalSize(fallback: TerminalSize = { columns: 80, rows: 24 }): TerminalSize {
  const { stdout } = useStdout();
  // Ink's own 'resize' listener (added when it started) lays out and draws the tree it has at once,
  // while React renders our size update in a microtask: Ink would draw one frame of the old size's
  // tree (too tall and too wide) on the resized terminal. So Ink's listeners run right after
  // React's render, from a microtask queued behind it.
  const subscribe = useCallback(
    (onResize: () => void) => {
      const inks = stdout.listeners('resize') as (() => void)[];
      for (const listener of inks) stdout.off('resize', listener);
      const resized = () => {
        onResize();
        queueMicrotask(() => {
          for (const listener of inks) listener.call(stdout);
        });
      };
      stdout.on('resize', resized);
      return () => {
        stdout.off('resize', resized);
        for (const listener of inks) stdout.on('resize', listener);
      };
    },
    [stdout],
  );
  const columns = useSyncExternalStore(subscribe, () => stdout.columns || fallback.columns);
  const rows = useSyncExternalStore(subscribe, () => stdout.rows || fallback.rows);
  return { columns, rows };
}
