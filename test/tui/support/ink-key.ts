// An Ink key with every flag off except those given: what a keymap meets for a typed key.
import type { Key } from 'ink';

const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

export const inkKey = (over: Partial<Key> = {}): Key => ({ ...NO_KEY, ...over });
