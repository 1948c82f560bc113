// The terminal UI's state outside React: the view shown and the way back, which pane has the
// keyboard, the overlay, the zoom, the sidebar's selection, the mention notice, the status line,
// whether $EDITOR has the terminal, the compose drafts, and every other component's own state
// (selection, filter) in slots. Keys change it synchronously; React reads it through useSyncExternalStore, whose updates it
// renders before the next key is routed (use-ui-store.ts, input/key-router.ts).
import type { MentionRow } from '../../shared/index';
import type { Focus } from '../keys/app-keymap';
import type { Draft } from '../line-cursor';
import type { PickerSpec, PromptSpec, View } from '../ui-context';
import { quietStatusLine, type StatusLineState } from './status-line';

export type Overlay = { kind: 'help' } | { kind: 'prompt'; spec: PromptSpec } | { kind: 'picker'; spec: PickerSpec<unknown> } | null;

export interface UiState {
  view: View;
  /** The views Esc goes back to, newest last. */
  history: View[];
  focus: Focus;
  overlay: Overlay;
  /** z: the sidebar is hidden and the main pane takes the whole width. */
  zoomed: boolean;
  /** The sidebar's selected row, by identity (use-sidebar.ts's sidebarItemKey); null: none chosen yet. */
  sidebarKey: string | null;
  /** The newest mention that arrived while the UI was open, until it is looked at. */
  notice: MentionRow | null;
  status: StatusLineState;
  /** A child process ($EDITOR) has the terminal. */
  suspended: boolean;
  /** The compose boxes' drafts at their cursors, by conversation (composeDraftKey); LocalState keeps their text across restarts. */
  drafts: Readonly<Record<string, Draft>>;
}

/** The key of the compose box's draft beside a conversation view (LocalState's draft key too), or null for other views. */
export function composeDraftKey(view: View): string | null {
  if (view.kind === 'channel') return view.channelId;
  if (view.kind === 'thread') return `thread:${view.rootId}`;
  return null;
}

/** Whether the views and the whole-screen keys are shut out: an overlay, $EDITOR or the re-login screen has the keyboard. */
export const selectKeyboardTaken = (s: UiState): boolean => s.overlay !== null || s.suspended || s.status.relogin;

/** The channel the main pane shows (also a thread's), or null. */
export const selectOpenChannelId = (s: UiState): string | null => (s.view.kind === 'channel' || s.view.kind === 'thread' ? s.view.channelId : null);

const HISTORY_MAX = 50;

export class UiStore {
  private state: UiState;
  private readonly listeners = new Set<() => void>();
  private readonly slots = new Map<string, unknown>();

  /** savedCopyAt: when the saved copy the first frame draws was read (null: nothing saved is shown). */
  constructor(initialView: View = { kind: 'welcome' }, savedCopyAt: number | null = null) {
    // A start view (tui.toml's startView) has the keys at once; the welcome text has none.
    this.state = { view: initialView, history: [], focus: initialView.kind === 'welcome' ? 'sidebar' : 'main', overlay: null, zoomed: false, sidebarKey: null, notice: null, status: quietStatusLine(savedCopyAt), suspended: false, drafts: {} };
  }

  getState = (): UiState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private update(patch: Partial<UiState>): void {
    const next = { ...this.state, ...patch };
    // Whatever sends the focus to the sidebar (Esc back to the welcome text) shows it again.
    if (next.focus === 'sidebar') next.zoomed = false;
    this.state = next;
    this.emit();
  }

  /** Shows `view` in the main pane and focuses it. */
  navigate = (view: View): void => {
    const history = [...this.state.history, this.state.view].slice(-HISTORY_MAX);
    this.update({ view, history, focus: 'main' });
  };

  /** Shows `view` in place of the current one (which Esc then does not come back to). */
  replace = (view: View): void => this.update({ view, focus: 'main' });

  /** The previous view; with none, or back at the welcome text (which has no keys), focus goes to the sidebar. */
  back = (): void => {
    const history = [...this.state.history];
    const prev = history.pop();
    if (prev === undefined) return this.update({ focus: 'sidebar' });
    this.update({ view: prev, history, focus: prev.kind === 'welcome' ? 'sidebar' : this.state.focus });
  };

  setFocus = (focus: Focus): void => {
    if (focus !== this.state.focus) this.update({ focus });
  };

  openOverlay = (overlay: Exclude<Overlay, null>): void => this.update({ overlay });

  closeOverlay = (): void => {
    if (this.state.overlay !== null) this.update({ overlay: null });
  };

  /** z: hides the sidebar (moving the focus off it) or shows it again. */
  toggleZoom = (): void => {
    if (this.state.zoomed) return this.update({ zoomed: false });
    this.state = { ...this.state, zoomed: true, focus: this.state.focus === 'sidebar' ? 'main' : this.state.focus };
    this.emit();
  };

  selectSidebarRow = (key: string | null): void => {
    if (key !== this.state.sidebarKey) this.update({ sidebarKey: key });
  };

  setNotice = (notice: MentionRow | null): void => {
    if (notice !== this.state.notice) this.update({ notice });
  };

  /** Changes the status line (status-line.ts's transitions); an update that returns the same state tells no one. */
  setStatus = (change: (status: StatusLineState) => StatusLineState): void => {
    const status = change(this.state.status);
    if (status !== this.state.status) this.update({ status });
  };

  setSuspended = (suspended: boolean): void => {
    if (suspended !== this.state.suspended) this.update({ suspended });
  };

  setDraft = (key: string, draft: Draft): void => {
    const now = this.state.drafts[key];
    if (now !== undefined && now.text === draft.text && now.cursor === draft.cursor) return;
    this.update({ drafts: { ...this.state.drafts, [key]: draft } });
  };

  dropDraft = (key: string): void => {
    if (!(key in this.state.drafts)) return;
    const { [key]: _dropped, ...rest } = this.state.drafts;
    this.update({ drafts: rest });
  };

  /** A component's own state (use-ui-store.ts's useUiState), by its id. */
  hasSlot(id: string): boolean {
    return this.slots.has(id);
  }

  slot<T>(id: string): T {
    return this.slots.get(id) as T;
  }

  setSlot<T>(id: string, value: T): void {
    if (this.slots.has(id) && Object.is(this.slots.get(id), value)) return;
    this.slots.set(id, value);
    this.emit();
  }

  /** Sets a slot's first value without telling anyone (it is read in the render that creates it). */
  initSlot<T>(id: string, value: T): void {
    this.slots.set(id, value);
  }

  dropSlot(id: string): void {
    this.slots.delete(id);
  }
}
