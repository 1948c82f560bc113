// useInput whose handler is always the newest render's. Ink re-attaches a changed handler in an
// effect, which can run well after the frame is drawn on a busy machine: keys typed in between (j
// then Enter the moment a list appears) would meet an old render's state and act on it. Here the
// handler and its active flag are read at the moment a key arrives.
import { useInput, type Key } from 'ink';
import { useCallback, useRef } from 'react';

export function useKeys(handler: (input: string, key: Key) => void, options: { isActive?: boolean } = {}): void {
  const active = options.isActive !== false;
  const latest = useRef({ handler, active });
  latest.current = { handler, active };
  const stable = useCallback((input: string, key: Key) => {
    if (latest.current.active) latest.current.handler(input, key);
  }, []);
  useInput(stable, { isActive: active });
}
