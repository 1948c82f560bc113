// Saved task views (setting wsc.tasks.queries): the sections at the top of the Tasks tree. The
// entries are checked and read by shared/ (shared/tasks/saved-views.ts); this file keeps each
// view's last answer, reads the setting again when it changes, and turns a bad entry or a failed
// read into a row that says what happened and what to do, never a thrown error.
import * as vscode from 'vscode';
import { everyone, isApiError, listNotesText, loadSavedTaskView, parseSavedTaskViews, type Member, type SavedTaskView, type SavedTaskViewEntry, type TaskRow } from '../../shared/index';
import { serviceUnreachable } from '../auth/auth-session';
import type { WscServices } from '../context';
import { SETTINGS, TASK_SETTINGS } from '../ids';

/** A view's answer: its tasks (and whether it may hold more), or why it could not be read. */
export type SavedViewState = { kind: 'tasks'; tasks: TaskRow[]; truncated: boolean; notes: string | null } | { kind: 'problem'; problem: string; fix: string };

/** Full id of the setting, for `workbench.action.openSettings`. */
export const SAVED_VIEWS_SETTING = `${SETTINGS.section}.${TASK_SETTINGS.queries}`;

export class SavedTaskViews implements vscode.Disposable {
  private entries: SavedTaskViewEntry[] = [];
  private readonly answers = new Map<number, Promise<SavedViewState>>();
  /** The people of my channels, read once per refresh for every view that names one. */
  private people: Promise<Member[]> | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** The setting changed: the sections are drawn again. */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly services: WscServices) {
    this.read();
    this.subscription = vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration(SAVED_VIEWS_SETTING)) return;
      this.read();
      this.changed.fire();
    });
  }

  private read(): void {
    this.entries = parseSavedTaskViews(vscode.workspace.getConfiguration(SETTINGS.section).get<unknown>(TASK_SETTINGS.queries));
    this.forget();
  }

  /** Drops every view's answer, so the next look reads them again. */
  forget(): void {
    this.answers.clear();
    this.people = undefined;
  }

  /** The setting's entries, in order (views and invalid ones). */
  get all(): readonly SavedTaskViewEntry[] {
    return this.entries;
  }

  /** The view's tasks (read once until forget()). */
  state(index: number, view: SavedTaskView): Promise<SavedViewState> {
    let answer = this.answers.get(index);
    if (!answer) {
      answer = this.load(view);
      this.answers.set(index, answer);
    }
    return answer;
  }

  private async load(view: SavedTaskView): Promise<SavedViewState> {
    const client = this.services.auth.client();
    if (!client) return { kind: 'problem', problem: vscode.l10n.t('Not signed in.'), fix: vscode.l10n.t('Sign in (Workspace: Sign In) to see this view.') };
    try {
      const result = await loadSavedTaskView(client, view, { people: () => (this.people ??= everyone(client)) });
      if (result.kind === 'problem') return result;
      return { kind: 'tasks', tasks: result.whole.tasks, truncated: result.whole.truncated, notes: listNotesText(result.whole) };
    } catch (error) {
      if (serviceUnreachable(error)) this.services.auth.reportUnreachable();
      this.services.log.debug(`tasks: saved view '${view.label}' not read: ${error instanceof Error ? error.message : String(error)}`);
      const message = error instanceof Error ? error.message : String(error);
      return {
        kind: 'problem',
        problem: vscode.l10n.t('The view could not be read: {0}', message),
        fix: isApiError(error) && error.hint ? error.hint : vscode.l10n.t('Refresh the Tasks view to try again.'),
      };
    }
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
