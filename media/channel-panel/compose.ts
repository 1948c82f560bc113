// A compose box (the channel's or the thread's) with @-mention completion: Enter sends, the draft
// is kept across a reload.
import type { MemberView } from '../../extension/channel-panel/channel-panel-protocol';
import { el, icon, userText } from './dom';
import { persist, vscode } from './host';
import { showSending } from './outbox-marks';
import { panel, pending } from './panel-data';

let composeCount = 0;

export function compose(placeholder: string, getDraft: () => string, setDraft: (v: string) => void, parentId: () => string | null) {
  const root = el('form', 'compose');
  const textarea = el('textarea');
  textarea.rows = 3;
  textarea.placeholder = `${placeholder} (Enter to send, Shift+Enter for a new line, @ to mention)`;
  textarea.setAttribute('aria-label', placeholder);
  textarea.value = getDraft();
  composeCount += 1;
  const listId = `mention-suggestions-${composeCount}`;
  const suggestions = el('ul', 'suggestions');
  suggestions.id = listId;
  suggestions.hidden = true;
  suggestions.setAttribute('role', 'listbox');
  suggestions.setAttribute('aria-label', 'People to mention');
  // The textarea stays a multi-line textbox; it owns the list and points at the active option.
  textarea.setAttribute('aria-autocomplete', 'list');
  textarea.setAttribute('aria-controls', listId);
  const announcer = el('div', 'visually-hidden');
  announcer.setAttribute('role', 'status');
  const send = el('button', '', 'Send');
  send.type = 'submit';
  root.append(suggestions, textarea, send, announcer);
  let choices: MemberView[] = [];
  let active = 0;
  let announced = '';
  const announce = (text: string) => {
    if (text === announced) return;
    announced = text;
    announcer.textContent = text;
  };
  const hideSuggestions = () => {
    suggestions.hidden = true;
    textarea.removeAttribute('aria-activedescendant');
    announce('');
  };

  const mentionPrefix = (): string | null => {
    const before = textarea.value.slice(0, textarea.selectionStart);
    const m = /(^|\s)@([\w.-]*)$/.exec(before);
    return m ? (m[2] ?? '') : null;
  };
  const renderSuggestions = () => {
    const prefix = mentionPrefix();
    choices = prefix === null ? [] : panel.members.filter((m) => m.handle.toLowerCase().startsWith(prefix.toLowerCase()) || m.name.toLowerCase().startsWith(prefix.toLowerCase())).slice(0, 8);
    suggestions.replaceChildren(
      ...choices.map((m, i) => {
        const li = el('li', i === active ? 'active' : '');
        li.id = `${listId}-${i}`;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', String(i === active));
        li.append(icon(m.kind === 'agent' ? 'hubot' : 'account'), el('span', '', ' @'), userText('span', '', m.handle), el('span', '', ' '), userText('span', 'member-name', m.name));
        li.addEventListener('mousedown', (e) => {
          e.preventDefault();
          pick(i);
        });
        return li;
      }),
    );
    if (choices.length === 0) {
      hideSuggestions();
      return;
    }
    suggestions.hidden = false;
    textarea.setAttribute('aria-activedescendant', `${listId}-${active}`);
    const current = choices[active];
    announce(`${choices.length} ${choices.length === 1 ? 'person' : 'people'} to mention; ${current ? `@${current.handle}, ` : ''}arrows to choose, Enter to insert.`);
  };
  const pick = (i: number) => {
    const member = choices[i];
    if (!member) return;
    const caret = textarea.selectionStart;
    const before = textarea.value.slice(0, caret).replace(/@([\w.-]*)$/, `@${member.handle} `);
    textarea.value = before + textarea.value.slice(caret);
    textarea.selectionStart = textarea.selectionEnd = before.length;
    setDraft(textarea.value);
    persist();
    choices = [];
    hideSuggestions();
  };
  const submit = () => {
    const body = textarea.value;
    if (!body.trim() || send.disabled) return;
    const requestId = crypto.randomUUID();
    send.disabled = true;
    const sending = showSending(body, parentId());
    pending.set(requestId, {
      textarea,
      button: send,
      sending,
      onDone: () => {
        textarea.value = '';
        setDraft('');
        persist();
        // Send was disabled while posting, which drops focus to <body>: bring the person back.
        if (document.activeElement === document.body || document.activeElement === send) textarea.focus();
      },
    });
    vscode.postMessage({ type: 'post', requestId, body, parentId: parentId() });
  };

  textarea.addEventListener('input', () => {
    setDraft(textarea.value);
    persist();
    active = 0;
    renderSuggestions();
  });
  textarea.addEventListener('keydown', (e) => {
    if (!suggestions.hidden && choices.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        active = (active + (e.key === 'ArrowDown' ? 1 : choices.length - 1)) % choices.length;
        renderSuggestions();
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        pick(active);
        return;
      }
      if (e.key === 'Escape') {
        hideSuggestions();
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      submit();
    }
  });
  textarea.addEventListener('blur', hideSuggestions);
  root.addEventListener('submit', (e) => {
    e.preventDefault();
    submit();
  });
  return { root, textarea };
}
