// The UI's first frame from the saved first frame (first-frame.ts), as the lines Ink writes for it:
// the header, the blank mention-notice line, the sidebar (the selection on the first channel) beside
// the main pane's welcome text, and "saved copy · updated N ago". Built from the same pure pieces
// the components draw with, so Ink's first frame, written over the painted one, changes nothing.
// Undefined where it could differ: a terminal too small for the layout, or a character whose width
// Ink might measure otherwise than we do.
import { visibleWidth, type Channel, type Identity } from '../shared/prepaint';
import { headerLine } from './components/header-text';
import { listRowStyle, listRowText, listWindow } from './rows/list-rows';
import { FIRST_CHANNEL_ROW, sidebarHeading, sidebarItems, sidebarRowText, sidebarRowWithin } from './rows/sidebar-rows';
import { statusLine, statusStyle } from './components/status-text';
import { frameLayout, tooSmall } from './frame-layout';
import { BOLD, DIM, INVERSE, plain, styledLine, type Run, type Sgr } from './styled-line';
import { welcomeLines } from './views/welcome-text';

export interface PaintedFrameInput {
  me: Identity;
  sourceLabel: string;
  /** The saved list as the UI shows it (archived channels left out). */
  channels: readonly Channel[];
  unread(channel: Channel): boolean;
  savedAt: number;
  columns: number;
  rows: number;
  color: boolean;
  now?: number;
}

export function paintedFrameLines(input: PaintedFrameInput): string[] | undefined {
  const { columns, rows, color } = input;
  if (tooSmall(columns, rows)) return undefined;
  const { sidebarWidth, bodyHeight, mainWidth } = frameLayout(columns, rows, false);
  const when = (on: boolean, ...styles: Sgr[]): Sgr[] => (color && on ? styles : []);
  const items = sidebarItems(input.channels, input.unread, () => false, 0, input.me);
  const selected = sidebarRowWithin(FIRST_CHANNEL_ROW, items.length);
  const listHeight = bodyHeight - 1;
  const { start, end } = listWindow(items.length, selected, listHeight);
  const welcome = welcomeLines(mainWidth);
  const pad = (text: string, width: number) => plain(' '.repeat(Math.max(0, width - visibleWidth(text))));

  const lines: string[] = [styledLine([{ text: headerLine(input.me, input.sourceLabel, columns), styles: when(true, BOLD) }]), ''];
  for (let y = 0; y < bodyHeight; y++) {
    let side: Run[];
    if (y === 0) {
      const heading = sidebarHeading(true);
      side = [{ text: heading, styles: when(true, BOLD) }, pad(heading, sidebarWidth)];
    } else if (start + y - 1 < end) {
      const index = start + y - 1;
      const item = items[index];
      if (!item) return undefined;
      const style = listRowStyle(index === selected, true, color);
      const styles = [...(style.inverse ? [INVERSE] : []), ...(style.bold ? [BOLD] : [])];
      side = [{ text: listRowText(sidebarRowText(item, null), index === selected, true, sidebarWidth), styles }];
    } else side = [plain(' '.repeat(sidebarWidth))];
    lines.push(styledLine([...side, plain('│'), plain(welcome[y] ?? '')]));
  }
  const status = { status: null, reconnecting: false, savedAt: input.savedAt };
  lines.push(styledLine([{ text: statusLine(status, columns, input.now), styles: when(statusStyle(status, color).dim, DIM) }]));
  return lines.every(measuredAlike) ? lines : undefined;
}

// Code points both our width (shared visibleWidth) and Ink's (string-width 8) count alike: one
// column, or two for the CJK blocks and the emoji shown as pictures by default (the ranges below
// 0x1f300..0x1f9ff leave out those drawn as text unless a variation selector follows). Anything
// else is not painted.
export const MEASURED_ALIKE: readonly (readonly [number, number])[] = [
  [0x0a, 0x0a],
  [0x1b, 0x1b],
  [0x20, 0x7e],
  [0xa0, 0xac],
  [0xae, 0x2af],
  [0x370, 0x482],
  [0x48a, 0x4ff],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
  [0x2190, 0x22ff],
  [0x2500, 0x25fc],
  [0x2610, 0x2610],
  [0x263a, 0x263a],
  [0x2709, 0x2709],
  [0x2716, 0x2716],
  [0x3041, 0x3096],
  [0x30a0, 0x30ff],
  [0x4e00, 0x9fff],
  [0xac00, 0xd7a3],
  [0x1f300, 0x1f320],
  [0x1f32d, 0x1f335],
  [0x1f337, 0x1f37c],
  [0x1f37e, 0x1f393],
  [0x1f3a0, 0x1f3ca],
  [0x1f3cf, 0x1f3d3],
  [0x1f3e0, 0x1f3f0],
  [0x1f3f8, 0x1f43e],
  [0x1f442, 0x1f4fc],
  [0x1f4ff, 0x1f53d],
  [0x1f5fb, 0x1f64f],
  [0x1f680, 0x1f6c5],
  [0x1f90c, 0x1f93a],
  [0x1f93c, 0x1f945],
  [0x1f947, 0x1f9ff],
];

function measuredAlike(line: string): boolean {
  for (const ch of line) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= 0x20 && cp <= 0x7e) continue;
    if (!MEASURED_ALIKE.some(([from, to]) => cp >= from && cp <= to)) return false;
  }
  return true;
}
