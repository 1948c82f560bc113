// The inline form that edits text under a message or a waiting write; a message's edit is sent to the host.
import type { MessageView } from '../../extension/channel-panel/channel-panel-protocol';
import { el } from './dom';
import { vscode } from './host';
import { pending } from './panel-data';

export interface EditFormOptions {
  readonly text: string;
  /** What the textarea is, for a screen reader. */
  readonly label: string;
  readonly submitLabel: string;
  /** Called with non-blank text when the person submits. */
  readonly onSubmit: (text: string, form: HTMLFormElement, submit: HTMLButtonElement, textarea: HTMLTextAreaElement) => void;
}

/** The inline form that edits a message's text under `item` (Escape or Cancel closes it); one already open is focused instead. */
export function openEditForm(item: HTMLElement, options: EditFormOptions): void {
  const existing = item.querySelector<HTMLTextAreaElement>('.edit-form textarea');
  if (existing) {
    existing.focus();
    return;
  }
  const form = el('form', 'edit-form');
  const textarea = el('textarea');
  textarea.value = options.text;
  textarea.setAttribute('aria-label', options.label);
  textarea.rows = Math.min(10, Math.max(2, textarea.value.split('\n').length));
  const submit = el('button', '', options.submitLabel);
  submit.type = 'submit';
  const cancel = el('button', 'secondary', 'Cancel');
  cancel.type = 'button';
  cancel.addEventListener('click', () => form.remove());
  form.append(textarea, submit, cancel);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!textarea.value.trim()) return;
    options.onSubmit(textarea.value, form, submit, textarea);
  });
  textarea.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') form.remove();
  });
  item.append(form);
  textarea.focus();
}

export function startEdit(item: HTMLElement, m: MessageView): void {
  openEditForm(item, {
    text: m.source ?? '',
    label: 'The message text',
    submitLabel: 'Save',
    onSubmit: (body, form, save, textarea) => {
      const requestId = crypto.randomUUID();
      save.disabled = true;
      pending.set(requestId, { textarea, button: save, onDone: () => form.remove() });
      vscode.postMessage({ type: 'edit', requestId, messageId: m.id, body });
    },
  });
}
