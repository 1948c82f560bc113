// A box that a click acts on (a list's rows, the messages, the compose box): registered with the
// mouse layer (input/mouse.ts) while it is drawn, found where the layout put it at the click.
import type { DOMElement } from 'ink';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { addClickArea } from '../input/mouse';

/** Where an Ink box is drawn: its screen line and column (1-based), from the layout's computed offsets. */
function screenAt(node: DOMElement | null): { top: number; left: number } | null {
  if (!node?.yogaNode) return null;
  let top = 1;
  let left = 1;
  for (let n: DOMElement | undefined = node; n?.yogaNode; n = n.parentNode) {
    top += n.yogaNode.getComputedTop();
    left += n.yogaNode.getComputedLeft();
  }
  return { top, left };
}

/** `click` gets the line clicked (from 0, within `rows`), as the newest render sees it; without it, nothing is registered. */
export function useClickArea(box: RefObject<DOMElement | null>, rows: number, width: number, click: ((line: number) => void) | undefined): void {
  const latest = useRef(click);
  latest.current = click;
  const wanted = click !== undefined && rows > 0;
  // Registered as the area is committed (like a layer of keys), so a click at the frame that first draws it finds it.
  useLayoutEffect(() => {
    if (!wanted) return;
    return addClickArea({ top: () => screenAt(box.current)?.top ?? null, left: () => screenAt(box.current)?.left ?? null, width, rows, click: (line) => latest.current?.(line) });
  }, [box, wanted, rows, width]);
}
