// Desktop notifications through the terminal (term/notify.ts): which sequence each terminal gets,
// the tmux passthrough, and service text that can neither end the sequence nor start another.
import { describe, expect, it } from 'vitest';
import { notificationSequence, notificationStyle, notificationText, notifyTerminal, throughTmux } from '../../term/notify';

describe('notificationStyle', () => {
  it('OSC 9 for iTerm2, kitty, ghostty and Windows Terminal', () => {
    expect(notificationStyle({ TERM_PROGRAM: 'iTerm.app' })).toBe('osc9');
    expect(notificationStyle({ TERM_PROGRAM: 'tmux', LC_TERMINAL: 'iTerm2' })).toBe('osc9');
    expect(notificationStyle({ TERM: 'xterm-kitty' })).toBe('osc9');
    expect(notificationStyle({ TERM: 'tmux-256color', KITTY_WINDOW_ID: '1' })).toBe('osc9');
    expect(notificationStyle({ TERM_PROGRAM: 'ghostty' })).toBe('osc9');
    expect(notificationStyle({ TERM: 'xterm-ghostty' })).toBe('osc9');
    expect(notificationStyle({ WT_SESSION: 'abc' })).toBe('osc9');
  });

  it('OSC 777 for VTE, foot, WezTerm and urxvt; a bell elsewhere', () => {
    expect(notificationStyle({ VTE_VERSION: '7600', TERM: 'xterm-256color' })).toBe('osc777');
    expect(notificationStyle({ TERM: 'foot' })).toBe('osc777');
    expect(notificationStyle({ TERM_PROGRAM: 'WezTerm' })).toBe('osc777');
    expect(notificationStyle({ TERM: 'rxvt-unicode-256color' })).toBe('osc777');
    expect(notificationStyle({ TERM: 'xterm-256color' })).toBe('bell');
    expect(notificationStyle({ TERM_PROGRAM: 'Apple_Terminal' })).toBe('bell');
    expect(notificationStyle({})).toBe('bell');
  });
});

describe('notificationText', () => {
  it('removes C0, DEL and C1 controls, BiDi and invisible characters, and folds whitespace', () => {
    expect(notificationText('a\x07b\x1b]52;c;AAAA\x07c\x9b2Jd\x7fe')).toBe('a b ]52;c;AAAA c 2Jd e');
    expect(notificationText('line one\n\tline two\r\n')).toBe('line one line two');
    expect(notificationText('txt\u202e.exe\u200b\ufeff')).toBe('txt.exe');
    expect(notificationText('émoji 👨‍👩‍👧 stays')).toBe('émoji 👨‍👩‍👧 stays');
  });

  it('cuts long text with an ellipsis', () => {
    expect(notificationText('x'.repeat(500), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('notificationSequence', () => {
  const vte = { VTE_VERSION: '7600' };
  it('OSC 777: notify;title;body ended by BEL; a ; in the title cannot move text into the body', () => {
    expect(notificationSequence('desktop', 'wsc · Mentions', 'hi @maria', vte)).toBe('\x1b]777;notify;wsc · Mentions;hi @maria\x07');
    expect(notificationSequence('desktop', 'a;b', 'c;d', vte)).toBe('\x1b]777;notify;a,b;c;d\x07');
  });

  it('OSC 9: one text ended by BEL', () => {
    expect(notificationSequence('desktop', 'wsc · Runs', 'run settled', { TERM_PROGRAM: 'iTerm.app' })).toBe('\x1b]9;wsc · Runs: run settled\x07');
  });

  it('hostile service text never ends the sequence early', () => {
    const seq = notificationSequence('desktop', 'wsc', 'evil\x07\x1b]52;c;cm0gLXJm\x07\x1b[2J', vte);
    expect(seq.startsWith('\x1b]777;notify;wsc;')).toBe(true);
    // The only controls are the sequence's own: ESC ] at the start, BEL at the end.
    expect(seq.slice(2, -1)).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
    expect(seq.endsWith('\x07')).toBe(true);
  });

  it('a bell when the terminal shows no notifications or the setting says bell; nothing when off', () => {
    expect(notificationSequence('desktop', 't', 'b', { TERM: 'xterm' })).toBe('\x07');
    expect(notificationSequence('bell', 't', 'b', vte)).toBe('\x07');
    expect(notificationSequence('off', 't', 'b', vte)).toBe('');
  });

  it('inside tmux the OSC goes through its passthrough with every ESC doubled; a bell stays a bell', () => {
    const tmux = { TMUX: '/tmp/tmux-0/default,1,0', KITTY_WINDOW_ID: '1' };
    expect(notificationSequence('desktop', 't', 'b', tmux)).toBe('\x1bPtmux;\x1b\x1b]9;t: b\x07\x1b\\');
    expect(notificationSequence('desktop', 't', 'b', { TMUX: 'x', TERM: 'tmux-256color' })).toBe('\x07');
    expect(throughTmux('\x1b]9;x\x07', {})).toBe('\x1b]9;x\x07');
  });

  it('notifyTerminal writes the sequence, and nothing when off', () => {
    const written: string[] = [];
    const out = { write: (s: string) => written.push(s) } as unknown as NodeJS.WritableStream;
    notifyTerminal('desktop', 't', 'b', out, { VTE_VERSION: '1' });
    notifyTerminal('off', 't', 'b', out, { VTE_VERSION: '1' });
    expect(written).toEqual(['\x1b]777;notify;t;b\x07']);
  });
});
