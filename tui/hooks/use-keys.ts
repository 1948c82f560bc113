// A component's keys: a layer on the KeyRouter's stack (input/key-router.ts), put there as the
// component is committed (a layout effect, before the next key is routed) and always running the
// newest render's handler with the newest render's isActive.
import type { Key } from 'ink';
import { useLayoutEffect, useRef } from 'react';
import type { KeyLevel } from '../keys/key-router';
import { useUiRoot } from '../state/use-ui-store';

export interface KeysOptions {
  isActive?: boolean;
  /** The handler takes typed text (a pasted chunk stays one input). */
  text?: boolean;
  /** With `text`: one line, so a line break in typed text is Enter and what follows it the next key. */
  line?: boolean;
  /** Overlays hear a key first, then the view, then the whole-screen keys. */
  level?: KeyLevel;
}

/** Returns whether it took the key: true stops the key there, false hands it to the next layer. */
export type KeyHandler = (input: string, key: Key) => boolean;

export function useKeys(handler: KeyHandler, options: KeysOptions = {}): void {
  const { router } = useUiRoot();
  const latest = useRef({ handler, options });
  latest.current = { handler, options };
  const level = options.level ?? 'view';
  useLayoutEffect(
    () =>
      router.add({
        level,
        isActive: () => latest.current.options.isActive !== false,
        isText: () => latest.current.options.text === true,
        isLine: () => latest.current.options.line === true,
        handle: (input, key) => latest.current.handler(input, key),
      }),
    [router, level],
  );
}
