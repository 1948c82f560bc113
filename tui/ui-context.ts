// What every view reaches: the client, who I am, the status line, prompts and pickers, navigation,
// the live-update bus, and suspending the UI while $EDITOR owns the terminal.
import { createContext, useContext } from 'react';
import type { Client, Identity, RunEvent } from '../shared/index';
import type { LiveBus } from './live-bus';
import type { LocalState } from './local-state';
import type { TaskFilter } from './task-filter';

/** How the Tasks view was left for a task's pane, so Esc comes back to the same list and row. */
export interface TasksMemory {
  filter: TaskFilter;
  board: boolean;
  column: number;
  selected: number;
}

/** The run's thread and its agent, when the run was opened from the agent's message: a step is answered there. */
export interface RunThread {
  channelId: string;
  rootId: string;
  agentHandle: string;
}

export type View =
  | { kind: 'welcome' }
  | { kind: 'channel'; channelId: string; focusMessageId?: string }
  | { kind: 'thread'; channelId: string; rootId: string; focusMessageId?: string }
  | { kind: 'mentions' }
  | { kind: 'inbox' }
  | { kind: 'recent' }
  | { kind: 'tasks'; keep?: TasksMemory }
  | { kind: 'docs'; folderId?: string | null }
  | { kind: 'doc'; id: string }
  | { kind: 'run'; runId: string; channelId?: string; thread?: RunThread }
  | { kind: 'run-event'; runId: string; event: RunEvent; thread?: RunThread }
  | { kind: 'task'; taskId: string }
  | { kind: 'search'; query: string }
  | { kind: 'palette' };

export interface PromptSpec {
  title: string;
  initial?: string;
  hint?: string;
  onSubmit(value: string): void | Promise<unknown>;
}

export interface PickerOption<T = string> {
  label: string;
  value: T;
  /** The key that picks it (shown before the label); 1-9 by position when no option has one. */
  key?: string;
}

export interface PickerSpec<T = string> {
  title: string;
  options: PickerOption<T>[];
  selected?: number;
  onPick(value: T): void | Promise<unknown>;
  onCancel?(): void;
}

export interface Ui {
  client: Client;
  me: Identity;
  color: boolean;
  state: LocalState;
  live: LiveBus;
  /** Repository folder of the process (for PR links from the current branch). */
  cwd: string;
  navigate(view: View): void;
  /** Shows `view` in place of the current one (a pasted link opens its message; Esc goes back past it). */
  replace(view: View): void;
  back(): void;
  /** sticky: stays until something replaces it (a note otherwise leaves after a few seconds). */
  info(text: string, options?: { sticky?: boolean }): void;
  showError(error: unknown, doing?: string): void;
  /** The service cannot be reached (the status line says "reconnecting…"): views say offline, not loading. */
  offline: boolean;
  /** A call succeeded: clears "reconnecting…". */
  connectionOk(): void;
  openPrompt(spec: PromptSpec): void;
  openPicker<T>(spec: PickerSpec<T>): void;
  /** Gives the terminal to a child process (the editor) and takes it back afterwards. */
  withTerminalSuspended<T>(fn: () => Promise<T>): Promise<T>;
  /** True while an overlay, a prompt or the editor has the keyboard. */
  keyboardTaken: boolean;
}

export const UiContext = createContext<Ui | null>(null);

export function useUi(): Ui {
  const ui = useContext(UiContext);
  if (ui === null) throw new Error('useUi outside <UiContext.Provider>');
  return ui;
}
