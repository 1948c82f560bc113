// The automations webview: list with recent runs, enable/disable, a create/edit form, delete, and a
// new webhook's key shown once. It holds no token; every change goes to the host, which validates
// the form again and calls the service. Server text is set with textContent only.
import {
  parseHostToAutomations,
  type ActionDraft,
  type AutomationDraft,
  type AutomationView,
  type AutomationsToHost,
  type FieldError,
  type HostToAutomations,
} from '../extension/automations/automations-protocol';

interface VsCodeApi {
  postMessage(message: AutomationsToHost): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

type Init = Extract<HostToAutomations, { type: 'init' }>;

const vscode = acquireVsCodeApi();
const savedState = (vscode.getState() ?? {}) as { draft?: AutomationDraft; channel?: { id: string; name: string } };

let init: Init | undefined;
let automations: AutomationView[] = [];
let isAdmin = false;
let adminReason = '';
/** The open form (create or edit), kept across reloads of the webview; never holds a webhook key. */
let draft: AutomationDraft | undefined = savedState.draft;
let errors: FieldError[] = [];
let pendingRequest: string | undefined;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

function button(text: string, onClick: () => void, className = ''): HTMLButtonElement {
  const b = el('button', className, text);
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
}

/** Marks a control so focus can find it again after its part of the page is rebuilt. */
function keyed<T extends HTMLElement>(node: T, key: string): T {
  node.dataset.focusKey = key;
  return node;
}

/** Where focus goes after the next rebuild (a control's key), when the rebuild itself moves it. */
let focusAfterRender: string | undefined;

/** Rebuilds a part of the page, putting focus back on the control with the same key (or the one asked for). */
function rebuilding(render: () => void): void {
  const active = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.focusKey : undefined;
  render();
  const key = focusAfterRender ?? active;
  if (!key) return;
  const target = Array.from(document.querySelectorAll<HTMLElement>('[data-focus-key]')).find((n) => n.dataset.focusKey === key);
  if (!target) return;
  focusAfterRender = undefined;
  if (document.activeElement !== target) target.focus();
}

function adminOnly(b: HTMLButtonElement): HTMLButtonElement {
  if (!isAdmin) {
    b.disabled = true;
    b.title = adminReason;
  }
  return b;
}

const app = document.getElementById('app') ?? document.body.appendChild(el('main'));
app.className = 'automations';
const header = app.appendChild(el('header', 'toolbar'));
const title = header.appendChild(el('h1', '', 'Automations'));
const busy = header.appendChild(el('span', 'muted busy', ''));
const headerButtons = header.appendChild(el('span', 'actions'));
const notice = app.appendChild(el('div', 'notice'));
notice.hidden = true;
notice.setAttribute('role', 'status');
notice.tabIndex = -1;
const keyBox = app.appendChild(el('section', 'webhook-key'));
keyBox.hidden = true;
const adminNote = app.appendChild(el('p', 'admin-note muted'));
const formBox = app.appendChild(el('section', 'form'));
const list = app.appendChild(el('section', 'list'));

function send(message: AutomationsToHost): void {
  vscode.postMessage(message);
}

/** The open form and the channel (the panel serializer reopens that channel after a reload). */
function persist(): void {
  vscode.setState({ draft, channel: init?.channel ?? savedState.channel });
}

function showNotice(kind: 'info' | 'error', message: string, hint?: string): void {
  notice.hidden = false;
  notice.className = `notice ${kind}`;
  notice.replaceChildren(el('span', '', message));
  if (hint) notice.appendChild(el('span', 'muted hint', hint));
  notice.appendChild(button('×', () => (notice.hidden = true), 'icon'));
}

// ---- list --------------------------------------------------------------------------------------

function renderHeader(): void {
  headerButtons.replaceChildren(
    button('Refresh', () => send({ type: 'refresh' }), 'secondary'),
    adminOnly(
      button('New automation', () => {
        if (!init) return;
        draft = structuredClone(init.emptyDraft);
        errors = [];
        persist();
        renderForm();
      }),
    ),
  );
  adminNote.textContent = isAdmin ? '' : adminReason;
  adminNote.hidden = isAdmin;
}

function renderList(): void {
  rebuilding(renderListNow);
}

function renderListNow(): void {
  list.replaceChildren();
  if (automations.length === 0) {
    list.appendChild(el('p', 'muted', 'No automations in this channel yet.'));
    return;
  }
  for (const a of automations) {
    const card = list.appendChild(el('article', `card${a.enabled ? '' : ' disabled'}`));
    card.dataset.id = a.id;
    const head = card.appendChild(el('div', 'card-head'));
    head.appendChild(el('span', `codicon codicon-${a.enabled ? 'zap' : 'circle-slash'}`));
    const name = el('strong', 'name user-text', a.name);
    name.dir = 'auto'; // someone else's text: its own direction, isolated (webview-common.css)
    head.appendChild(name);
    head.appendChild(el('span', `badge ${a.enabled ? 'on' : 'off'}`, a.enabled ? 'enabled' : 'disabled'));
    const actions = head.appendChild(el('span', 'actions'));
    actions.append(
      keyed(adminOnly(button(a.enabled ? 'Disable' : 'Enable', () => send({ type: 'toggle', automationId: a.id, enabled: !a.enabled }), 'secondary')), `toggle:${a.id}`),
      adminOnly(
        button('Edit', () => {
          draft = structuredClone(a.draft);
          errors = [];
          persist();
          renderForm();
        }, 'secondary'),
      ),
      adminOnly(button('Delete', () => send({ type: 'delete', automationId: a.id }), 'secondary danger')),
    );
    card.appendChild(el('div', 'summary', a.summary));
    const runs = card.appendChild(el('div', 'runs'));
    if (a.runs.length === 0) runs.appendChild(el('span', 'muted', 'No runs yet.'));
    else {
      runs.appendChild(el('span', 'muted', 'Recent runs:'));
      const ul = runs.appendChild(el('ul'));
      for (const r of a.runs) {
        const li = ul.appendChild(el('li', `run ${r.status}`));
        li.appendChild(el('span', `codicon codicon-${r.status === 'ok' ? 'pass' : 'error'}`));
        li.appendChild(el('span', 'muted', `${r.at.replace('T', ' ').slice(0, 19)} · ${r.triggerKind}`));
        li.appendChild(el('span', '', r.detail));
      }
    }
  }
}

// ---- form ----------------------------------------------------------------------------------------

function errorFor(field: string): HTMLElement | null {
  const e = errors.find((x) => x.field === field);
  if (!e) return null;
  const node = el('div', 'field-error error', e.message);
  node.id = `error-${field.replace(/[^\w-]/g, '-')}`;
  return node;
}

function labelled(labelText: string, input: HTMLElement, field: string): HTMLElement {
  const wrap = el('label', 'field');
  wrap.dataset.field = field;
  keyed(input, `field:${field}`);
  wrap.appendChild(el('span', 'label', labelText));
  wrap.appendChild(input);
  const err = errorFor(field);
  if (err) {
    wrap.classList.add('invalid');
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', err.id);
    wrap.appendChild(err);
  }
  return wrap;
}

function textInput(value: string, onInput: (v: string) => void, type = 'text'): HTMLInputElement {
  const input = el('input');
  input.type = type;
  input.value = value;
  input.addEventListener('input', () => {
    onInput(input.value);
    persist();
  });
  return input;
}

function select(options: { value: string; label: string }[], value: string, onChange: (v: string) => void): HTMLSelectElement {
  const s = el('select');
  for (const o of options) {
    const opt = s.appendChild(el('option', '', o.label));
    opt.value = o.value;
  }
  s.value = value;
  s.addEventListener('change', () => {
    onChange(s.value);
    persist();
    renderForm();
  });
  return s;
}

function checkbox(checked: boolean, text: string, onChange: (v: boolean) => void): HTMLElement {
  const wrap = el('label', 'check');
  const box = wrap.appendChild(el('input'));
  box.type = 'checkbox';
  box.checked = checked;
  box.addEventListener('change', () => {
    onChange(box.checked);
    persist();
  });
  wrap.appendChild(el('span', '', text));
  return wrap;
}

function renderAction(d: AutomationDraft, a: ActionDraft, i: number): HTMLElement {
  if (!init) return el('div');
  const box = el('fieldset', 'action');
  box.appendChild(el('legend', '', `Step ${i + 1}`));
  box.appendChild(labelled('Do', select(init.actionKinds.map((k) => ({ value: k.kind, label: k.label })), a.kind, (v) => (a.kind = v)), `actions.${i}.kind`));
  if (a.kind === 'post_message') {
    const text = el('textarea');
    text.value = a.text;
    text.rows = 3;
    text.addEventListener('input', () => {
      a.text = text.value;
      persist();
    });
    box.appendChild(labelled('Message ({{author}}, {{text}} and {{channel}} are filled in)', text, `actions.${i}.text`));
  } else if (a.kind === 'add_reaction') {
    box.appendChild(labelled('Emoji', textInput(a.emoji, (v) => (a.emoji = v)), `actions.${i}.emoji`));
  } else if (a.kind === 'ask_agent') {
    box.appendChild(labelled('Agent id', textInput(a.agentId, (v) => (a.agentId = v)), `actions.${i}.agentId`));
    box.appendChild(labelled('Prompt', textInput(a.prompt, (v) => (a.prompt = v)), `actions.${i}.prompt`));
    box.appendChild(el('p', 'muted', 'Files a task and proposes a dispatch: a person approves it in the channel before the agent runs.'));
  }
  const remove = box.appendChild(
    keyed(button(`Remove step ${i + 1}`, () => {
      d.actions.splice(i, 1);
      persist();
      // The removed step's neighbour (the one now at its place, else the one before) takes focus.
      focusAfterRender = `field:actions.${Math.min(i, d.actions.length - 1)}.kind`;
      renderForm();
    }, 'secondary'), `remove:${i}`),
  );
  remove.disabled = d.actions.length <= init.limits.actionsMin;
  return box;
}

function renderForm(): void {
  rebuilding(renderFormNow);
}

function renderFormNow(): void {
  formBox.replaceChildren();
  formBox.hidden = !draft || !init;
  if (!draft || !init) return;
  const d = draft;
  formBox.appendChild(el('h2', '', d.automationId ? `Edit “${d.name}”` : 'New automation'));
  formBox.appendChild(labelled('Name', textInput(d.name, (v) => (d.name = v)), 'name'));
  formBox.appendChild(checkbox(d.enabled, 'Enabled', (v) => (d.enabled = v)));
  const trigger = formBox.appendChild(el('fieldset', 'trigger'));
  trigger.appendChild(el('legend', '', 'When'));
  trigger.appendChild(labelled('Trigger', select(init.triggerKinds.map((k) => ({ value: k.kind, label: k.label })), d.trigger.kind, (v) => (d.trigger.kind = v)), 'trigger.kind'));
  if (d.trigger.kind === 'message') {
    trigger.appendChild(labelled('Only when the message contains (optional)', textInput(d.trigger.contains, (v) => (d.trigger.contains = v)), 'trigger.contains'));
    trigger.appendChild(checkbox(d.trigger.hasAttachment, 'Only messages with an attachment', (v) => (d.trigger.hasAttachment = v)));
  } else if (d.trigger.kind === 'schedule') {
    const every = textInput(d.trigger.everyMinutes, (v) => (d.trigger.everyMinutes = v), 'number');
    every.min = String(init.limits.scheduleMinMinutes);
    every.step = '1';
    trigger.appendChild(labelled(`Every … minutes (at least ${init.limits.scheduleMinMinutes})`, every, 'trigger.everyMinutes'));
  } else if (d.trigger.kind === 'webhook') {
    trigger.appendChild(el('p', 'muted', 'Saving creates a secret key for the webhook. It is shown once, right after saving.'));
  }
  const steps = formBox.appendChild(el('fieldset', 'actions-list'));
  steps.appendChild(el('legend', '', `Then (${init.limits.actionsMin} to ${init.limits.actionsMax} steps)`));
  const listErr = errorFor('actions');
  if (listErr) {
    steps.appendChild(listErr);
    steps.setAttribute('aria-describedby', listErr.id);
  }
  d.actions.forEach((a, i) => steps.appendChild(renderAction(d, a, i)));
  const add = steps.appendChild(
    keyed(button('Add step', () => {
      d.actions.push({ kind: 'post_message', text: '', emoji: '', agentId: '', prompt: '' });
      persist();
      focusAfterRender = `field:actions.${d.actions.length - 1}.kind`;
      renderForm();
    }, 'secondary'), 'add-step'),
  );
  add.disabled = d.actions.length >= init.limits.actionsMax;
  const bar = formBox.appendChild(el('div', 'form-buttons'));
  const save = bar.appendChild(
    keyed(button('Save', () => {
      if (pendingRequest !== undefined) return;
      pendingRequest = `save-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
      // aria-disabled, not disabled: a disabled button would drop focus to <body> while saving.
      save.setAttribute('aria-disabled', 'true');
      send({ type: 'save', requestId: pendingRequest, draft: d });
    }), 'save'),
  );
  if (pendingRequest !== undefined) save.setAttribute('aria-disabled', 'true');
  bar.appendChild(
    button('Cancel', () => {
      draft = undefined;
      errors = [];
      persist();
      renderForm();
    }, 'secondary'),
  );
}

function showFormMessage(message: string, hint: string): void {
  const box = el('div', 'form-message notice error');
  box.setAttribute('role', 'alert');
  box.appendChild(el('span', '', message));
  if (hint) box.appendChild(el('span', 'muted hint', hint));
  formBox.appendChild(box);
}

// ---- webhook key -------------------------------------------------------------------------------

function showKey(message: Extract<HostToAutomations, { type: 'webhookKey' }>): void {
  keyBox.hidden = false;
  keyBox.replaceChildren(
    el('h2', '', `Webhook key of “${message.name}”`),
    el('p', 'warning', 'Copy this key now. It will not be shown again: the service keeps only a hash of it.'),
  );
  const row = keyBox.appendChild(el('div', 'key-row'));
  row.appendChild(el('code', 'key', message.key));
  row.appendChild(button('Copy key', () => send({ type: 'copyWebhookKey' })));
  if (message.path) keyBox.appendChild(el('p', 'muted', `Call it with POST ${message.path} and the header x-webhook-key.`));
  keyBox.appendChild(button("I've saved it", () => send({ type: 'dismissWebhookKey' }), 'secondary'));
}

// ---- host messages -----------------------------------------------------------------------------

function onHost(message: HostToAutomations): void {
  switch (message.type) {
    case 'init':
      init = message;
      persist();
      title.textContent = `Automations · #${message.channel.name}`;
      renderHeader();
      renderForm();
      break;
    case 'list':
      automations = message.automations;
      isAdmin = message.isAdmin;
      adminReason = message.adminReason;
      renderHeader();
      renderList();
      break;
    case 'formErrors': {
      if (message.requestId === pendingRequest) pendingRequest = undefined;
      errors = message.errors;
      const first = errors[0];
      // Focus goes to the first field to fix (the whole steps list when the error is about it).
      focusAfterRender = first ? (first.field === 'actions' ? 'add-step' : `field:${first.field}`) : 'save';
      renderForm();
      showFormMessage(message.message, message.hint);
      break;
    }
    case 'saved':
      if (message.requestId === pendingRequest) pendingRequest = undefined;
      draft = undefined;
      errors = [];
      persist();
      renderForm();
      showNotice('info', message.created ? 'Automation created.' : 'Automation saved.');
      // The form is gone: the announcement takes focus, one Tab from the list.
      notice.focus();
      break;
    case 'webhookKey':
      showKey(message);
      break;
    case 'webhookKeyCleared':
      keyBox.hidden = true;
      keyBox.replaceChildren();
      break;
    case 'notice':
      showNotice(message.kind, message.message, message.hint);
      break;
    case 'busy':
      busy.textContent = message.busy ? 'Loading…' : '';
      break;
  }
}

window.addEventListener('message', (event: MessageEvent) => {
  const message = parseHostToAutomations(event.data);
  if (message) onHost(message);
});

send({ type: 'ready' });
