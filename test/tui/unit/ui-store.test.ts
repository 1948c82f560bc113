// The UiStore without a screen: navigation and the way back, focus, zoom, overlays and slots.
import { describe, expect, it } from 'vitest';
import { UiStore } from '../../../tui/state/ui-store';

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
});
