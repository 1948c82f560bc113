// The channel settings webview: members, links, env values (names, kinds, fingerprints, last use),
// budget and warm workspace. It holds no token and never sees an env value: setting one is asked
// by the host in a password input. Admin-only buttons are disabled with the reason for others.
import type { Budget, EnvEntry, Link, Member, WarmWorkspace } from '../shared/index';
import { budgetStanding, parseHostToSettings, type HostToSettings, type SectionName, type SettingsToHost } from '../extension/channel-settings/settings-protocol';

interface VsCodeApi {
  postMessage(message: SettingsToHost): void;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
let canAdmin = false;
let adminReason = '';
const data: { members?: Member[]; links?: Link[]; env?: EnvEntry[]; budget?: Budget; warm?: WarmWorkspace } = {};
const sectionErrors: Partial<Record<SectionName, { message: string; hint: string }>> = {};

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

function button(text: string, message: SettingsToHost, className = 'secondary', adminOnly = false): HTMLButtonElement {
  const b = el('button', className, text);
  b.type = 'button';
  b.addEventListener('click', () => vscode.postMessage(message));
  if (adminOnly && !canAdmin) {
    b.disabled = true;
    b.title = adminReason;
  }
  return b;
}

function icon(name: string): HTMLElement {
  return el('span', `codicon codicon-${name}`);
}

const when = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 16) : 'never');

const app = document.getElementById('app') ?? document.body.appendChild(el('main'));
app.className = 'settings';
const header = app.appendChild(el('header', 'toolbar'));
const title = header.appendChild(el('h1', '', 'Channel settings'));
header.appendChild(button('Refresh', { type: 'refresh' }));
const notice = app.appendChild(el('div', 'notice'));
notice.hidden = true;
const adminNote = app.appendChild(el('p', 'muted admin-note'));
adminNote.hidden = true;
const boxes: Record<SectionName, HTMLElement> = {
  members: app.appendChild(el('section', 'members')),
  links: app.appendChild(el('section', 'links')),
  env: app.appendChild(el('section', 'env')),
  budget: app.appendChild(el('section', 'budget')),
  warm: app.appendChild(el('section', 'warm')),
};
const TITLES: Record<SectionName, string> = {
  members: 'Members',
  links: 'Links',
  env: 'Environment values',
  budget: 'Budget',
  warm: 'Warm workspace',
};

function table(headers: string[]): { table: HTMLTableElement; body: HTMLTableSectionElement } {
  const t = el('table');
  const row = t.appendChild(el('thead')).appendChild(el('tr'));
  for (const h of headers) row.appendChild(el('th', '', h));
  return { table: t, body: t.appendChild(el('tbody')) };
}

function cells(tr: HTMLTableRowElement, ...values: (string | Node)[]): void {
  for (const v of values) {
    const td = tr.appendChild(el('td'));
    if (typeof v === 'string') td.textContent = v;
    else td.appendChild(v);
  }
}

function renderSection(name: SectionName): void {
  const box = boxes[name];
  box.replaceChildren(el('h2', '', TITLES[name]));
  const error = sectionErrors[name];
  if (error) {
    box.appendChild(el('p', 'error', error.message));
    if (error.hint) box.appendChild(el('p', 'muted', error.hint));
    return;
  }
  switch (name) {
    case 'members': {
      if (!data.members) return void box.appendChild(el('p', 'muted', 'Loading…'));
      const { table: t, body } = table(['', 'Name', 'Handle', 'Mention']);
      for (const m of data.members) {
        const tr = body.appendChild(el('tr'));
        const mention = el('span', 'mention');
        mention.appendChild(el('code', '', m.mention));
        // Named by what it copies: five "Copy" buttons alike tell a screen-reader user nothing.
        const copy = mention.appendChild(button('Copy', { type: 'copyMention', mention: m.mention }, 'icon'));
        copy.setAttribute('aria-label', `Copy ${m.mention}`);
        copy.title = `Copy ${m.mention}`;
        cells(tr, icon(m.kind === 'agent' ? 'hubot' : 'account'), m.name, `@${m.handle}`, mention);
      }
      box.appendChild(t);
      return;
    }
    case 'links': {
      if (!data.links) return void box.appendChild(el('p', 'muted', 'Loading…'));
      if (data.links.length === 0) return void box.appendChild(el('p', 'muted', 'No repository, branch or pull request linked yet.'));
      const { table: t, body } = table(['', 'Link', 'Repository', 'Branch', 'State', 'Updated']);
      for (const l of data.links) {
        const tr = body.appendChild(el('tr'));
        const kindIcon = icon(l.kind === 'repository' ? 'repo' : l.kind === 'branch' ? 'git-branch' : 'git-pull-request');
        const open = el('a', '', l.kind === 'pull_request' && l.number !== null ? `#${l.number}` : l.url);
        open.href = '#';
        open.addEventListener('click', (e) => {
          e.preventDefault();
          vscode.postMessage({ type: 'openLink', url: l.url });
        });
        cells(tr, kindIcon, open, l.repo_full_name ?? '', l.branch ?? '', l.state ? el('span', `badge state-${l.state}`, l.state) : '', when(l.updated_at));
      }
      box.appendChild(t);
      return;
    }
    case 'env': {
      if (!data.env) return void box.appendChild(el('p', 'muted', 'Loading…'));
      box.appendChild(el('p', 'muted', 'Values are write-only: only names, kinds and fingerprints are ever shown.'));
      if (data.env.length > 0) {
        const { table: t, body } = table(['Name', 'Kind', 'Fingerprint', 'Last used', '']);
        for (const e of data.env) {
          const tr = body.appendChild(el('tr'));
          const actions = el('span', 'row-actions');
          actions.append(button('Set value…', { type: 'setEnv', name: e.name }, 'secondary', true), button('Delete', { type: 'deleteEnv', name: e.name }, 'secondary danger', true));
          cells(tr, el('code', '', e.name), e.kind, el('code', 'muted', e.fingerprint), when(e.last_used_at), actions);
        }
        box.appendChild(t);
      } else box.appendChild(el('p', 'muted', 'No environment values yet.'));
      box.appendChild(button('Add a value…', { type: 'setEnv', name: null }, '', true));
      return;
    }
    case 'budget': {
      if (!data.budget) return void box.appendChild(el('p', 'muted', 'Loading…'));
      const b = data.budget;
      box.appendChild(el('p', '', b.monthlyCredits === null ? 'No monthly budget.' : `Monthly budget: ${b.monthlyCredits} credits.`));
      box.appendChild(el('p', 'muted', budgetStanding(b)));
      if (b.monthlyCredits !== null && b.monthlyCredits > 0) {
        const meter = box.appendChild(el('meter'));
        meter.min = 0;
        meter.max = b.monthlyCredits;
        meter.value = Math.min(b.usedCredits, b.monthlyCredits);
        meter.high = b.monthlyCredits * 0.8;
      }
      box.appendChild(button('Set budget…', { type: 'setBudget' }, '', true));
      return;
    }
    case 'warm': {
      if (!data.warm) return void box.appendChild(el('p', 'muted', 'Loading…'));
      const w = data.warm;
      box.appendChild(el('p', '', `Status: ${w.status}${w.stale ? ' (stale: the next hosted run reinstalls it)' : ''} · updated ${when(w.updated_at)}`));
      if (!w.enabled) box.appendChild(el('p', 'muted', 'Warm workspaces is disabled: runs start cold even though a saved project remains.'));
      const rebuild = box.appendChild(button('Rebuild', { type: 'rebuildWarm' }, '', true));
      if (w.status === 'none' && !rebuild.disabled) {
        rebuild.disabled = true;
        rebuild.title = 'No saved project yet: a hosted run saves it first.';
      }
      return;
    }
  }
}

function renderAll(): void {
  adminNote.hidden = canAdmin;
  adminNote.textContent = adminReason;
  for (const name of Object.keys(boxes) as SectionName[]) renderSection(name);
}

function onHost(message: HostToSettings): void {
  switch (message.type) {
    case 'init':
      canAdmin = message.canAdmin;
      // The panel serializer reopens this channel after a reload.
      vscode.setState({ channel: message.channel });
      adminReason = message.adminReason;
      title.textContent = `Settings · #${message.channel.name}`;
      renderAll();
      break;
    case 'section':
      delete sectionErrors[message.section];
      if (message.section === 'members') data.members = message.members;
      else if (message.section === 'links') data.links = message.links;
      else if (message.section === 'env') data.env = message.env;
      else if (message.section === 'budget') data.budget = message.budget;
      else data.warm = message.warm;
      renderSection(message.section);
      break;
    case 'sectionError':
      sectionErrors[message.section] = { message: message.message, hint: message.hint };
      renderSection(message.section);
      break;
    case 'notice':
      notice.hidden = false;
      notice.className = `notice ${message.kind}`;
      notice.replaceChildren(el('span', '', message.message));
      if (message.hint) notice.appendChild(el('span', 'muted', message.hint));
      break;
  }
}

window.addEventListener('message', (event: MessageEvent) => {
  const message = parseHostToSettings(event.data);
  if (message) onHost(message);
});

renderAll();
vscode.postMessage({ type: 'ready' });
