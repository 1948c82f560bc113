// The whole-screen keys (tui/app-keymap.ts) as a pure function: key + state -> action.
import { describe, expect, it } from 'vitest';
import { inkKey } from '../support/ink-key';
import { appKeyAction, focusOrder, reloginKeyAction, type AppKeyState } from '../../../tui/keys/app-keymap';

const key = inkKey;

const sidebar: AppKeyState = { focus: 'sidebar', view: { kind: 'welcome' } };
const inChannel = (focus: AppKeyState['focus']): AppKeyState => ({ focus, view: { kind: 'channel', channelId: 'c1' } });

describe('appKeyAction', () => {
  it('Tab cycles the panes; compose only beside a conversation', () => {
    expect(focusOrder({ kind: 'tasks' })).toEqual(['sidebar', 'main']);
    expect(appKeyAction('', key({ tab: true }), sidebar)).toEqual({ kind: 'focus', focus: 'main' });
    expect(appKeyAction('', key({ tab: true }), { focus: 'main', view: { kind: 'tasks' } })).toEqual({ kind: 'focus', focus: 'sidebar' });
    expect(appKeyAction('', key({ tab: true }), inChannel('main'))).toEqual({ kind: 'focus', focus: 'compose' });
    expect(appKeyAction('', key({ tab: true, shift: true }), inChannel('sidebar'))).toEqual({ kind: 'focus', focus: 'compose' });
    expect(appKeyAction('', key({ tab: true }), inChannel('compose'))).toEqual({ kind: 'focus', focus: 'sidebar' });
  });

  it('z hides the sidebar; Tab then skips it', () => {
    expect(appKeyAction('z', key(), sidebar)).toEqual({ kind: 'zoom' });
    expect(appKeyAction('z', key(), inChannel('main'))).toEqual({ kind: 'zoom' });
    expect(appKeyAction('z', key(), inChannel('compose'))).toBeNull();
    expect(focusOrder({ kind: 'channel', channelId: 'c1' }, true)).toEqual(['main', 'compose']);
    expect(appKeyAction('', key({ tab: true }), { ...inChannel('compose'), zoomed: true })).toEqual({ kind: 'focus', focus: 'main' });
    expect(appKeyAction('', key({ tab: true }), { focus: 'main', view: { kind: 'tasks' }, zoomed: true })).toEqual({ kind: 'focus', focus: 'main' });
  });

  it('the global letters work outside compose and the palette', () => {
    expect(appKeyAction('q', key(), sidebar)).toEqual({ kind: 'quit' });
    expect(appKeyAction('?', key(), inChannel('main'))).toEqual({ kind: 'help' });
    expect(appKeyAction(':', key(), sidebar)).toEqual({ kind: 'navigate', view: { kind: 'palette' } });
    expect(appKeyAction('/', key(), sidebar)).toEqual({ kind: 'search' });
    expect(appKeyAction('m', key(), sidebar)).toEqual({ kind: 'navigate', view: { kind: 'mentions' } });
    expect(appKeyAction('t', key(), sidebar)).toEqual({ kind: 'navigate', view: { kind: 'tasks' } });
    expect(appKeyAction('d', key(), sidebar)).toEqual({ kind: 'navigate', view: { kind: 'docs' } });
    // Typed text belongs to the compose box and to the palette.
    expect(appKeyAction('q', key(), inChannel('compose'))).toBeNull();
    expect(appKeyAction('q', key(), { focus: 'main', view: { kind: 'palette' } })).toBeNull();
    expect(appKeyAction('', key({ tab: true }), { focus: 'main', view: { kind: 'palette' } })).toEqual({ kind: 'focus', focus: 'sidebar' });
  });

  it('in the sidebar: move, page and open; Esc elsewhere goes back', () => {
    expect(appKeyAction('j', key(), sidebar)).toEqual({ kind: 'sidebar-move', delta: 1 });
    expect(appKeyAction('', key({ upArrow: true }), sidebar)).toEqual({ kind: 'sidebar-move', delta: -1 });
    expect(appKeyAction('', key({ pageDown: true }), sidebar)).toEqual({ kind: 'sidebar-move', delta: 10 });
    expect(appKeyAction('', key({ pageUp: true }), sidebar)).toEqual({ kind: 'sidebar-move', delta: -10 });
    expect(appKeyAction('', key({ return: true }), sidebar)).toEqual({ kind: 'sidebar-open' });
    expect(appKeyAction('', key({ rightArrow: true }), sidebar)).toEqual({ kind: 'sidebar-open' });
    expect(appKeyAction('', key({ escape: true }), sidebar)).toBeNull();
    expect(appKeyAction('', key({ escape: true }), inChannel('main'))).toEqual({ kind: 'back' });
    expect(appKeyAction('j', key(), inChannel('main'))).toBeNull();
  });
});

describe('reloginKeyAction', () => {
  it('q quits; Enter reconnects only when the app can', () => {
    expect(reloginKeyAction('q', key(), false)).toEqual({ kind: 'quit' });
    expect(reloginKeyAction('', key({ return: true }), true)).toEqual({ kind: 'reconnect' });
    expect(reloginKeyAction('', key({ return: true }), false)).toBeNull();
  });
});
