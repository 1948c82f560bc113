// The UiStore without a screen: navigation and the way back, focus, zoom, overlays, the sidebar's
// selection, the notice, the status line, $EDITOR's turn, and slots.
import { describe, expect, it } from 'vitest';
import { composeDraftKey, selectKeyboardTaken, selectOpenChannelId, UiStore } from '../../../tui/state/ui-store';
import { statusInfo } from '../../../tui/state/status-line';
import type { MentionRow } from '../../../shared/index';

describe('UiStore', () => {
  it('navigates with the focus on the main pane and goes back the same way', () => {
    const store = new UiStore();
    store.navigate({ kind: 'channel', channelId: 'c1' });
    store.navigate({ kind: 'thread', channelId: 'c1', rootId: 'm1' });
    expect(store.getState()).toMatchObject({ view: { kind: 'thread' }, focus: 'main' });
    store.back();
    expect(store.getState()).toMatchObject({ view: { kind: 'channel', channelId: 'c1' }, focus: 'main' });
    store.back();
    expect(store.getState()).toMatchObject({ view: { kind: 'welcome' }, focus: 'sidebar' });
    store.back();
    expect(store.getState()).toMatchObject({ view: { kind: 'welcome' }, focus: 'sidebar' });
  });

  it('replaces a view without a way back to it', () => {
    const store = new UiStore({ kind: 'mentions' });
    store.navigate({ kind: 'search', query: 'x' });
    store.replace({ kind: 'channel', channelId: 'c1' });
    store.back();
    expect(store.getState().view).toEqual({ kind: 'mentions' });
  });

  it('keeps the last fifty views', () => {
    const store = new UiStore();
    for (let i = 0; i < 60; i++) store.navigate({ kind: 'doc', id: `d${i}` });
    expect(store.getState().history).toHaveLength(50);
  });

  it('z moves the focus off the sidebar; the focus back on the sidebar shows it again', () => {
    const store = new UiStore();
    store.toggleZoom();
    expect(store.getState()).toMatchObject({ zoomed: true, focus: 'main' });
    store.setFocus('compose');
    expect(store.getState().zoomed).toBe(true);
    store.setFocus('sidebar');
    expect(store.getState().zoomed).toBe(false);
  });

  it('tells its subscribers of each change, and not of a focus that did not change', () => {
    const store = new UiStore();
    let told = 0;
    const off = store.subscribe(() => told++);
    store.openOverlay({ kind: 'help' });
    store.closeOverlay();
    store.closeOverlay();
    store.setFocus('sidebar');
    expect(told).toBe(2);
    off();
    store.openOverlay({ kind: 'help' });
    expect(told).toBe(2);
  });

  it('holds a component’s own state in a slot until it is dropped', () => {
    const store = new UiStore();
    store.initSlot('a', 1);
    store.setSlot('a', 2);
    expect(store.slot<number>('a')).toBe(2);
    store.dropSlot('a');
    expect(store.hasSlot('a')).toBe(false);
  });

  it('starts quiet, with the saved copy the first frame draws', () => {
    const store = new UiStore({ kind: 'welcome' }, 1234);
    expect(store.getState()).toMatchObject({ sidebarKey: null, notice: null, suspended: false, status: { message: null, lost: false, relogin: false, savedCopyAt: 1234 } });
  });

  it('keeps the sidebar selection, the notice and the status line, telling subscribers only of changes', () => {
    const store = new UiStore();
    let told = 0;
    store.subscribe(() => told++);
    store.selectSidebarRow('channel:c1');
    store.selectSidebarRow('channel:c1');
    const row = { id: 'm1', channel_id: 'c1' } as MentionRow;
    store.setNotice(row);
    store.setNotice(row);
    store.setStatus((s) => statusInfo(s, 'saved'));
    store.setStatus((s) => s);
    expect(told).toBe(3);
    expect(store.getState()).toMatchObject({ sidebarKey: 'channel:c1', notice: row, status: { message: { kind: 'info', text: 'saved' } } });
  });

  it('the keyboard is taken by an overlay, by $EDITOR and by the sign-in screen', () => {
    const store = new UiStore();
    expect(selectKeyboardTaken(store.getState())).toBe(false);
    store.openOverlay({ kind: 'help' });
    expect(selectKeyboardTaken(store.getState())).toBe(true);
    store.closeOverlay();
    store.setSuspended(true);
    expect(selectKeyboardTaken(store.getState())).toBe(true);
    store.setSuspended(false);
    store.setStatus((s) => ({ ...s, relogin: true }));
    expect(selectKeyboardTaken(store.getState())).toBe(true);
  });

  it('the open channel is the channel or thread shown', () => {
    const store = new UiStore();
    expect(selectOpenChannelId(store.getState())).toBeNull();
    store.navigate({ kind: 'thread', channelId: 'c2', rootId: 'm1' });
    expect(selectOpenChannelId(store.getState())).toBe('c2');
    store.navigate({ kind: 'tasks' });
    expect(selectOpenChannelId(store.getState())).toBeNull();
  });

  it('keeps compose drafts by conversation, the channel or the thread', () => {
    expect(composeDraftKey({ kind: 'channel', channelId: 'c1' })).toBe('c1');
    expect(composeDraftKey({ kind: 'thread', channelId: 'c1', rootId: 'm1' })).toBe('thread:m1');
    expect(composeDraftKey({ kind: 'tasks' })).toBeNull();
    const store = new UiStore();
    let told = 0;
    store.subscribe(() => told++);
    store.setDraft('c1', { text: 'hi', cursor: 1 });
    store.setDraft('c1', { text: 'hi', cursor: 1 });
    store.setDraft('thread:m1', { text: 'yo', cursor: 2 });
    expect(store.getState().drafts).toEqual({ c1: { text: 'hi', cursor: 1 }, 'thread:m1': { text: 'yo', cursor: 2 } });
    store.dropDraft('c1');
    store.dropDraft('c1');
    expect(store.getState().drafts).toEqual({ 'thread:m1': { text: 'yo', cursor: 2 } });
    expect(told).toBe(3);
  });
});
