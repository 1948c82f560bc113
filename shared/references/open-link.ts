// Links that open the editor at a task, a message or a run timeline (`vscode://<extension>/open?…`),
// handled by the extension's URI handler and printed by the terminal faces.
import { parseMessageLink } from '../contract/message-links';

/** The VS Code extension's id (`publisher.name`): the authority of its URIs. */
export const WSC_EXTENSION_ID = 'wsc-dev.wsc';
export const EDITOR_OPEN_PATH = '/open';

export type EditorOpenTarget = { task: string } | { message: string } | { run: string };

const TASK_REF = /^[Tt]-([1-9]\d{0,9})$/;
const RUN_ID = /^[A-Za-z0-9_.:-]{1,160}$/;

/** `vscode://wsc-dev.wsc/open?task=T-12` (or `?message=<message link>`, `?run=<run id>`). */
export function editorOpenUri(target: EditorOpenTarget, extensionId: string = WSC_EXTENSION_ID): string {
  const query = new URLSearchParams();
  if ('task' in target) query.set('task', target.task);
  else if ('message' in target) query.set('message', target.message);
  else query.set('run', target.run);
  return `vscode://${extensionId}${EDITOR_OPEN_PATH}?${query.toString()}`;
}

/** The target of an open URI's query (with or without `?`, or the whole URI), checked; null when it names nothing valid. */
export function parseEditorOpenUri(query: string): EditorOpenTarget | null {
  const at = query.indexOf('?');
  const params = new URLSearchParams(at === -1 ? query : query.slice(at + 1));
  const task = params.get('task');
  if (task !== null) {
    const m = TASK_REF.exec(task.trim());
    return m ? { task: `T-${Number(m[1])}` } : null;
  }
  const message = params.get('message');
  if (message !== null) {
    const link = parseMessageLink(message);
    return link && (link.messageId !== null || link.threadRootId !== null) ? { message } : null;
  }
  const run = params.get('run');
  if (run !== null) return RUN_ID.test(run) ? { run } : null;
  return null;
}
