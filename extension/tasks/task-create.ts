// wsc.tasks.create without vscode: the title (the argument, else asked), in the argument's or the
// filtered epic; when asked, the new ref is offered for copying.
import type { CreateTaskInput, CreateTaskResult } from '../../shared/index';
import type { Questions } from '../questions';
import { l10n } from '../l10n';

export interface CreateTaskArg {
  title?: string;
  epicId?: string;
}

export interface CreateTaskDeps {
  ask: Questions;
  /** Sends it; undefined after the failure was shown. */
  create(input: CreateTaskInput): Promise<CreateTaskResult | undefined>;
  /** The epic the tree is filtered to, if any. */
  filteredEpicId: string | undefined;
  copy(text: string): Promise<void>;
}

/**
 * A script's `{title?, epicId?}`. A Tasks tree node (`{kind, …}`, passed when the view's title-bar
 * button runs while a row has focus) or a task row (`id`, `ref`, its own `title`) answers nothing.
 */
export function createTaskArg(arg: unknown): CreateTaskArg | undefined {
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return undefined;
  if ('kind' in arg || 'id' in arg || 'ref' in arg) return undefined;
  const { title, epicId } = arg as Record<string, unknown>;
  return { ...(typeof title === 'string' ? { title } : {}), ...(typeof epicId === 'string' ? { epicId } : {}) };
}

export async function createTaskFlow(arg: CreateTaskArg | undefined, deps: CreateTaskDeps): Promise<CreateTaskResult | undefined> {
  const title = arg?.title ?? (await deps.ask.text({ title: l10n.t('New task'), prompt: l10n.t('Title') }));
  if (!title?.trim()) return undefined;
  const epicId = arg?.epicId ?? deps.filteredEpicId;
  const created = await deps.create({ title: title.trim(), ...(epicId ? { epic_id: epicId } : {}) });
  if (created && !arg?.title) {
    void deps.ask.notify(l10n.t('Created {0}.', created.ref), l10n.t('Copy ref')).then((c) => (c ? deps.copy(created.ref) : undefined));
  }
  return created;
}
