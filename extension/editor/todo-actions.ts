/**
 * TODO → task. A code action on a TODO/FIXME comment line: "Create Task from Comment" (the task's
 * title from the comment, its description with the path, line and permalink; then the comment is
 * rewritten to `TODO(T-57): …`) and "Link Comment to Task…" (an existing task's ref into the
 * comment). On a selection: "Create Task from Selection" (no rewrite). The rewrite is a
 * WorkspaceEdit, undoable, and only when the line still holds the same comment.
 *
 * Command arguments (scripts and tests): `{ uri, line }` for a comment, `{ uri, range: [startLine,
 * startCharacter, endLine, endCharacter] }` for a selection; linkCommentToTask also takes `ref`.
 */
import * as vscode from 'vscode';
import { parseTodoComment, taskFromCode, withTodoRef } from '../../shared/index';
import type { WscServices } from '../context';
import { WscError } from '../errors/describe-error';
import type { GitAdapter } from '../git/git-adapter';
import { EDITOR_COMMAND_IDS } from '../ids';
import { codeLocationOf } from './code-location';
import type { ReferenceCache } from './reference-cache';
import { refOf } from './open-target';
import { pickTask } from './task-pick';
import { todoActionKinds } from './provider-scopes';

export interface CodeTarget {
  uri: string;
  line?: number;
  range?: [number, number, number, number];
}

export interface TodoResult {
  ref: string;
  /** Whether the comment now carries the ref. */
  rewritten: boolean;
}

export class TodoActionProvider implements vscode.CodeActionProvider {
  /** Read at registration, not at load (the module loads before VS Code's API is asked). */
  static kinds(): vscode.CodeActionKind[] {
    return todoActionKinds();
  }

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    const line = range.start.line;
    const todo = parseTodoComment(document.lineAt(line).text);
    if (todo && !todo.ref) {
      const target: CodeTarget = { uri: document.uri.toString(), line };
      actions.push(action('Create Task from Comment', vscode.CodeActionKind.QuickFix, EDITOR_COMMAND_IDS.createTaskFromComment, target));
      actions.push(action('Link Comment to Task…', vscode.CodeActionKind.QuickFix, EDITOR_COMMAND_IDS.linkCommentToTask, target));
    }
    if (!range.isEmpty && !(todo && range.isSingleLine)) {
      const target: CodeTarget = { uri: document.uri.toString(), range: [range.start.line, range.start.character, range.end.line, range.end.character] };
      actions.push(action('Create Task from Selection', vscode.CodeActionKind.RefactorRewrite, EDITOR_COMMAND_IDS.createTaskFromComment, target));
    }
    return actions;
  }
}

function action(title: string, kind: vscode.CodeActionKind, command: string, target: CodeTarget): vscode.CodeAction {
  const a = new vscode.CodeAction(title, kind);
  a.command = { title, command, arguments: [target] };
  return a;
}

function targetOf(arg: unknown): CodeTarget | undefined {
  if (typeof arg === 'object' && arg !== null && typeof (arg as CodeTarget).uri === 'string') return arg as CodeTarget;
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const s = editor.selection;
  return s.isEmpty ? { uri: editor.document.uri.toString(), line: s.active.line } : { uri: editor.document.uri.toString(), range: [s.start.line, s.start.character, s.end.line, s.end.character] };
}

/** Rewrites the comment on `line` to carry `ref`, when the line still holds that TODO without a ref. */
async function rewriteComment(document: vscode.TextDocument, line: number, expectedText: string, ref: string): Promise<boolean> {
  if (line >= document.lineCount) return false;
  const current = document.lineAt(line);
  const todo = parseTodoComment(current.text);
  if (!todo || todo.ref || todo.text !== expectedText) return false;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, current.range, withTodoRef(current.text, ref));
  return vscode.workspace.applyEdit(edit);
}

export interface TodoDeps {
  services: WscServices;
  git: GitAdapter;
  cache(): ReferenceCache | undefined;
}

export async function createTaskFromCode(deps: TodoDeps, arg: unknown): Promise<TodoResult | undefined> {
  const target = targetOf(arg);
  if (!target) return void deps.services.showError(new WscError(vscode.l10n.t('There is no comment or selection to make a task from.'), vscode.l10n.t('Put the cursor on a TODO comment or select the lines first.')), vscode.l10n.t('Could not create the task'));
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(target.uri));
  let text: string;
  let lines: [number, number];
  let todoText: string | null = null;
  if (target.range) {
    const [sl, sc, el, ec] = target.range;
    text = document.getText(new vscode.Range(sl, sc, el, ec));
    lines = [sl, ec === 0 && el > sl ? el - 1 : el];
  } else {
    const line = target.line ?? 0;
    const todo = parseTodoComment(document.lineAt(line).text);
    if (!todo) return void deps.services.showError(new WscError(vscode.l10n.t('That line holds no TODO or FIXME comment.'), vscode.l10n.t('Select the lines to make a task from instead.')), vscode.l10n.t('Could not create the task'));
    if (todo.ref) return void deps.services.showError(new WscError(vscode.l10n.t('That comment already names {0}.', todo.ref), vscode.l10n.t('Open the task from its ref instead.')), vscode.l10n.t('Could not create the task'));
    text = todo.text;
    todoText = todo.text;
    lines = [line, line];
  }
  if (!text.trim()) return void deps.services.showError(new WscError(vscode.l10n.t('The comment or selection is empty.'), vscode.l10n.t('Write what is to be done first.')), vscode.l10n.t('Could not create the task'));
  const location = await codeLocationOf(deps.git, document, lines[0], lines[1]);
  const input = taskFromCode({ text, location });
  const created = await deps.services.withClient(vscode.l10n.t('Could not create the task'), (client) => client.createTask(input));
  if (!created) return undefined;
  deps.cache()?.forget(created.ref);
  const rewritten = todoText !== null ? await rewriteComment(document, lines[0], todoText, created.ref) : false;
  void vscode.commands.executeCommand('wsc.tasks.refresh').then(undefined, () => undefined);
  const open = vscode.l10n.t('Open');
  const createdText = todoText !== null && !rewritten ? vscode.l10n.t('Created {0} {1} (the comment changed meanwhile, so it was left as it is).', created.ref, input.title) : vscode.l10n.t('Created {0} {1}.', created.ref, input.title);
  void vscode.window.showInformationMessage(createdText, open).then((choice) => {
    if (choice === open) void vscode.commands.executeCommand(EDITOR_COMMAND_IDS.openTask, { ref: created.ref });
  });
  return { ref: created.ref, rewritten };
}

export async function linkCommentToTask(deps: TodoDeps, arg: unknown): Promise<TodoResult | undefined> {
  const target = targetOf(arg);
  const line = target?.line ?? target?.range?.[0];
  if (!target || line === undefined) return undefined;
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(target.uri));
  const todo = parseTodoComment(document.lineAt(line).text);
  if (!todo) return void deps.services.showError(new WscError(vscode.l10n.t('That line holds no TODO or FIXME comment.'), vscode.l10n.t('Put the cursor on a TODO comment first.')), vscode.l10n.t('Could not link the comment'));
  const cache = deps.cache();
  if (!cache) return void deps.services.showError(deps.services.auth.notSignedInError(), vscode.l10n.t('Could not link the comment'));
  const ref = refOf(arg) ?? (await pickTask(cache, 'The task this comment is about'));
  if (!ref) return undefined;
  const rewritten = await rewriteComment(document, line, todo.text, ref);
  return { ref, rewritten };
}
