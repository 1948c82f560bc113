// The painted first frame's width rule: every code point it lets through is as wide for Ink
// (string-width, which lays out its cells) as for our clip and fit (the shared visibleWidth).
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { visibleWidth } from '../../../shared/index';
import { MEASURED_ALIKE, paintedFrameLines, type PaintedFrameInput } from '../../../tui/painted-frame';
import { BOLD, INVERSE, plain, styledLine } from '../../../tui/styled-line';

describe('the painted frame', () => {
  it('paints only characters Ink measures as we do', () => {
    const differ: string[] = [];
    for (const [from, to] of MEASURED_ALIKE) {
      for (let cp = Math.max(from, 0x20); cp <= to; cp++) {
        const ch = String.fromCodePoint(cp);
        if (stringWidth(ch) !== visibleWidth(ch)) differ.push(cp.toString(16));
      }
    }
    expect(differ).toEqual([]);
  });

  const input = (over: Partial<PaintedFrameInput> = {}): PaintedFrameInput => ({
    me: { kind: 'person', note: '', userId: 'u1', workspaceId: 'w1', name: 'Maria Member', handle: 'maria', workspace: 'Acme' },
    sourceLabel: 'profile "work" · http://127.0.0.1:8787',
    channels: [{ id: 'c1', name: 'general', kind: 'channel', private: false, last_message_at: null } as unknown as PaintedFrameInput['channels'][number]],
    unread: () => false,
    savedAt: 0,
    now: 3 * 60_000,
    columns: 80,
    rows: 24,
    color: false,
    ...over,
  });

  it('is one line short of the terminal: header, notice line, body and "saved copy · updated N ago"', () => {
    const lines = paintedFrameLines(input()) as string[];
    expect(lines).toHaveLength(23);
    expect(lines[0]).toBe('Maria Member (@maria) in Acme · profile "work" · http://127.0.0.1:8787');
    expect(lines[1]).toBe('');
    expect(lines[3]).toMatch(/^ ◉ Inbox +│/);
    expect(lines[7]).toMatch(/^ ◷ Recent +│/);
    expect(lines[8]).toMatch(/^▸ {2}# general +│$/);
    expect(lines[22]).toBe('saved copy · updated 3 min ago');
  });

  it('paints nothing on a terminal too small for the layout, or with a character Ink may measure otherwise', () => {
    expect(paintedFrameLines(input({ columns: 59 }))).toBeUndefined();
    expect(paintedFrameLines(input({ rows: 13 }))).toBeUndefined();
    expect(paintedFrameLines(input({ me: { ...input().me, name: 'Zoë ⚡' } }))).toBeUndefined();
    expect(paintedFrameLines(input({ me: { ...input().me, name: 'Zoë 山田 🚀' } }))).toBeDefined();
  });

  it('writes styled runs as Ink does: styles opened in order, closed last first, trailing blanks trimmed', () => {
    expect(styledLine([{ text: '▸  # general ', styles: [INVERSE, BOLD] }, plain('│'), plain('text   ')])).toBe('\x1b[7m\x1b[1m▸  # general \x1b[22m\x1b[27m│text');
    expect(styledLine([{ text: 'x', styles: [BOLD] }, plain('   ')])).toBe('\x1b[1mx\x1b[22m');
  });
});
