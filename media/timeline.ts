// The run-timeline webview: a virtual list over the windowed TimelineModel. Only the rows in view
// (plus a small overscan) exist in the DOM, so it stays smooth at 100,000 events. Every message from
// the host is validated; every server text is set with textContent, never parsed as HTML.
import { TimelineModel, type DisplayItem, type TimelineLayout } from '../extension/timeline/timeline-model';
import {
  TIMELINE_ROW_KINDS,
  parseHostToTimeline,
  type FollowState,
  type HostToTimeline,
  type TimelineRow,
  type TimelineRowKind,
  type TimelineToHost,
} from '../extension/timeline/timeline-protocol';

interface VsCodeApi {
  postMessage(message: TimelineToHost): void;
  getState(): unknown;
  setState(state: SavedState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

/** What survives a reload of the webview (small: never the rows themselves). */
interface SavedState {
  runId: string;
  text: string;
  kinds: TimelineRowKind[];
  layout: TimelineLayout;
  collapsed: string[];
  stickToEnd: boolean;
  topSeq: number | null;
}

const ROW_HEIGHT = 24;
const OVERSCAN = 10;

const KIND_LABELS: Record<TimelineRowKind, string> = {
  run: 'Run',
  tool: 'Tools',
  file: 'Files',
  check: 'Checks',
  usage: 'Usage',
  child: 'Children',
  review: 'Review',
  unknown: 'Unknown',
  withheld: 'Withheld',
};

const FOLLOW_LABELS: Record<FollowState, string> = {
  loading: 'Loading…',
  following: 'Following live',
  caught_up: 'Up to date',
  stopped: 'Run stopped',
  settled: 'Run settled',
  failed: 'Not following',
  aborted: 'Paused',
};

const vscode = acquireVsCodeApi();
const model = new TimelineModel();

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

function loadState(): Partial<SavedState> {
  const raw = vscode.getState();
  return typeof raw === 'object' && raw !== null ? (raw as Partial<SavedState>) : {};
}

const saved = loadState();
let runId = typeof saved.runId === 'string' ? saved.runId : '';
let stickToEnd = saved.stickToEnd !== false;
let resumedAfter: number | null = null;
/** The run's thread and agent are known: each step offers "Reply…". */
let canReply = false;
let pendingTopSeq: number | null = typeof saved.topSeq === 'number' ? saved.topSeq : null;
let followState: FollowState = 'loading';
model.layout = saved.layout === 'flat' ? 'flat' : 'grouped';
const initialKinds = Array.isArray(saved.kinds) ? saved.kinds.filter((k): k is TimelineRowKind => (TIMELINE_ROW_KINDS as readonly string[]).includes(k)) : [];
model.setFilter({ text: typeof saved.text === 'string' ? saved.text : '', kinds: initialKinds });

// ---- layout ----------------------------------------------------------------------------------

const app = document.getElementById('app') ?? document.body.appendChild(el('main'));
app.className = 'timeline';

const header = app.appendChild(el('header', 'toolbar'));
const title = header.appendChild(el('h1', 'title', 'Run timeline'));
const followBadge = header.appendChild(el('span', 'follow badge', FOLLOW_LABELS.loading));
const counts = header.appendChild(el('span', 'counts muted'));
const retryButton = header.appendChild(el('button', 'retry', 'Retry run'));
retryButton.title = 'Continue a stopped run from where it stopped (the requester or an admin may).';
const refreshButton = header.appendChild(el('button', 'secondary', 'Refresh'));

const filters = app.appendChild(el('div', 'filters'));
const search = filters.appendChild(el('input', 'search'));
search.type = 'search';
search.placeholder = 'Search events (title, detail, name, lane)';
search.value = model.currentFilter.text;
search.setAttribute('aria-label', 'Search events');
const kindButtons = new Map<TimelineRowKind, HTMLButtonElement>();
for (const kind of TIMELINE_ROW_KINDS) {
  const b = filters.appendChild(el('button', 'chip secondary'));
  b.dataset.kind = kind;
  kindButtons.set(kind, b);
}
const layoutButton = filters.appendChild(el('button', 'secondary layout'));
const followToggle = filters.appendChild(el('button', 'secondary'));

const notice = app.appendChild(el('div', 'notice'));
notice.hidden = true;

/** In the grouped layout: the lane and runtime of the rows at the top of the view. */
const sticky = app.appendChild(el('div', 'sticky-group muted'));

const viewport = app.appendChild(el('div', 'viewport'));
viewport.tabIndex = 0;
viewport.setAttribute('role', 'list');
const spacer = viewport.appendChild(el('div', 'spacer'));
const rowsLayer = viewport.appendChild(el('div', 'rows'));
const empty = app.appendChild(el('div', 'empty muted', 'No events yet.'));

// ---- rendering -------------------------------------------------------------------------------

function saveState(): void {
  const first = model.window(Math.floor(viewport.scrollTop / ROW_HEIGHT), 1)[0];
  vscode.setState({
    runId,
    text: model.currentFilter.text,
    kinds: [...model.currentFilter.kinds],
    layout: model.layout,
    collapsed: model.collapsedKeys(),
    stickToEnd,
    topSeq: first && first.type === 'row' ? first.row.seq : null,
  });
}

function time(at: string): string {
  const m = /T(\d\d:\d\d:\d\d)/.exec(at);
  return m ? (m[1] as string) : at;
}

function renderGroup(item: Extract<DisplayItem, { type: 'group' }>): HTMLElement {
  // A list item like the rows, holding the lane's toggle: a real button, so Tab, Enter and Space work.
  const node = el('div', 'item group');
  node.setAttribute('role', 'listitem');
  node.dataset.group = item.key;
  const toggle = node.appendChild(el('button', 'group-toggle'));
  toggle.setAttribute('aria-expanded', String(!item.collapsed));
  toggle.appendChild(el('span', `codicon codicon-${item.collapsed ? 'chevron-right' : 'chevron-down'} icon`)).dataset.glyph = item.collapsed ? '▸' : '▾';
  toggle.appendChild(el('span', 'lane', item.lane));
  toggle.appendChild(el('span', 'runtime muted', item.runtime));
  const n = model.filtering ? `${item.matching} of ${item.total} events` : `${item.total} events`;
  toggle.appendChild(el('span', 'muted count', n));
  return node;
}

function renderRow(row: TimelineRow): HTMLElement {
  const node = el('div', `item row kind-${row.kind}${row.known ? '' : ' unknown'}${row.withheld ? ' withheld' : ''}`);
  node.setAttribute('role', 'listitem');
  node.dataset.seq = String(row.seq);
  const icon = node.appendChild(el('span', `codicon codicon-${row.codicon} icon`));
  icon.dataset.glyph = row.glyph;
  node.appendChild(el('span', 'seq muted', `#${row.seq}`));
  node.appendChild(el('span', 'at muted', time(row.at)));
  node.appendChild(el('span', 'row-title', row.title));
  if (!row.known) node.appendChild(el('span', 'tag tag-unknown', 'unknown event'));
  if (row.withheld) node.appendChild(el('span', 'tag tag-withheld', 'withheld'));
  if (row.detail) node.appendChild(el('span', 'detail muted', row.detail));
  if (model.layout === 'flat') node.appendChild(el('span', 'where muted', `${row.lane} · ${row.runtime}`));
  if (row.childRunId) {
    const link = node.appendChild(el('button', 'child-link', 'Open child run'));
    link.dataset.run = row.childRunId;
    link.title = `Open the timeline of run ${row.childRunId}${row.childAgent ? ` (${row.childAgent})` : ''}`;
  }
  if (row.messageId) {
    const link = node.appendChild(el('button', 'child-link message-link', 'Open message'));
    link.dataset.message = row.messageId;
    link.title = 'Show the message this run posted, in its channel';
  }
  if (row.filePath) {
    const open = node.appendChild(el('button', 'child-link file-link', row.fileDiff ? 'Open diff' : 'Open file'));
    open.dataset.step = String(row.seq);
    open.title = row.fileDiff ? `Show the change the run made to ${row.filePath} as a diff` : `Open ${row.filePath} in the open folder (the event does not carry the change itself)`;
  }
  if (canReply && !row.withheld) {
    const reply = node.appendChild(el('button', 'child-link step-reply', 'Reply…'));
    reply.dataset.step = String(row.seq);
    reply.title = `Reply to step ${row.seq} in the run's thread, mentioning the agent and quoting the step`;
  }
  node.title = `${row.name}${row.known ? '' : ' (not known to this client)'} · ${row.lane} · ${row.runtime} · ${row.at}`;
  if (resumedAfter !== null && row.seq === resumedAfter + 1) node.classList.add('resume-mark');
  return node;
}

let frame = 0;
let lastReport = '';

/**
 * The nodes of the items in view, by what they show: a scroll step creates only the rows that come
 * into view and keeps the others (rebuilding ~80 rows of spans each frame cost most of a frame).
 * Keys carry everything a node shows, so a changed item gets a new node.
 */
let nodeCache = new Map<string, HTMLElement>();
let nodeCacheFor = '';
let lastSpacerHeight = -1;
let lastChips = '';
/** The lane whose toggle had focus when it was pressed. */
let focusGroupAfterRender: string | undefined;

/** Writes only a change: an equal text written again still costs a style and layout pass. */
function setText(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

function itemKey(item: DisplayItem): string {
  return item.type === 'group' ? `g${item.key}|${item.collapsed}|${item.matching}|${item.total}|${model.filtering}` : `r${item.row.seq}`;
}

/** Makes rowsLayer hold exactly `nodes`, in order, moving only what changed. */
function placeNodes(nodes: readonly HTMLElement[]): void {
  const wanted = new Set(nodes);
  for (const child of Array.from(rowsLayer.children)) if (!wanted.has(child as HTMLElement)) child.remove();
  let cursor = rowsLayer.firstElementChild;
  for (const node of nodes) {
    if (node === cursor) cursor = cursor.nextElementSibling;
    else rowsLayer.insertBefore(node, cursor);
  }
}

function scheduleRender(): void {
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    render();
  });
}

function renderChips(): void {
  const chips = TIMELINE_ROW_KINDS.map((k) => `${model.countOf(k)}${model.currentFilter.kinds.includes(k) ? '*' : ''}`).join(',');
  if (chips === lastChips) return;
  lastChips = chips;
  for (const [kind, b] of kindButtons) {
    const active = model.currentFilter.kinds.includes(kind);
    b.textContent = `${KIND_LABELS[kind]} ${model.countOf(kind)}`;
    // A kind with no events offers nothing to filter by (an active one stays, to turn it off).
    b.hidden = model.countOf(kind) === 0 && !active;
    b.classList.toggle('active', active);
    b.setAttribute('aria-pressed', String(active));
  }
}

function render(): void {
  const size = model.size;
  if (size * ROW_HEIGHT !== lastSpacerHeight) {
    lastSpacerHeight = size * ROW_HEIGHT;
    spacer.style.height = `${lastSpacerHeight}px`;
  }
  if (pendingTopSeq !== null && model.total > 0) {
    const at = model.indexOfSeq(pendingTopSeq);
    if (at >= 0) {
      viewport.scrollTop = at * ROW_HEIGHT;
      pendingTopSeq = null;
      stickToEnd = false;
    }
  } else if (stickToEnd) {
    viewport.scrollTop = Math.max(0, size * ROW_HEIGHT - viewport.clientHeight);
  }
  const first = Math.max(0, Math.floor(viewport.scrollTop / ROW_HEIGHT) - OVERSCAN);
  const count = Math.ceil(Math.max(viewport.clientHeight, ROW_HEIGHT) / ROW_HEIGHT) + 2 * OVERSCAN;
  const items = model.window(first, count);
  const top = model.window(Math.floor(viewport.scrollTop / ROW_HEIGHT), 1)[0];
  const stickyHidden = model.layout !== 'grouped' || !top || top.type !== 'row';
  if (sticky.hidden !== stickyHidden) sticky.hidden = stickyHidden;
  if (top && top.type === 'row') setText(sticky, `${top.row.lane} · ${top.row.runtime}`);
  rowsLayer.style.transform = `translateY(${first * ROW_HEIGHT}px)`;

  // A row shows the layout (flat adds where), the resume mark and Reply…: a change makes new nodes.
  const cacheFor = `${model.layout}|${resumedAfter}|${canReply}`;
  if (cacheFor !== nodeCacheFor) {
    nodeCacheFor = cacheFor;
    nodeCache = new Map();
  }
  const next = new Map<string, HTMLElement>();
  const nodes = items.map((item) => {
    const key = itemKey(item);
    const node = nodeCache.get(key) ?? (item.type === 'group' ? renderGroup(item) : renderRow(item.row));
    next.set(key, node);
    return node;
  });
  nodeCache = next;
  const hadFocus = document.activeElement instanceof HTMLElement && rowsLayer.contains(document.activeElement) ? document.activeElement.closest<HTMLElement>('[data-group]')?.dataset.group : undefined;
  placeNodes(nodes);
  // A toggled lane gets a new node (its key holds the state): focus follows it.
  const refocus = hadFocus ?? focusGroupAfterRender;
  focusGroupAfterRender = undefined;
  if (refocus !== undefined && !(document.activeElement instanceof HTMLElement && rowsLayer.contains(document.activeElement))) {
    // Keys hold a NUL between lane and runtime, which CSS.escape would replace: compare, not select.
    const lane = Array.from(rowsLayer.querySelectorAll<HTMLElement>('[data-group]')).find((n) => n.dataset.group === refocus);
    lane?.querySelector<HTMLElement>('.group-toggle')?.focus();
  }

  if (empty.hidden !== size > 0) empty.hidden = size > 0;
  setText(empty, model.total > 0 ? 'No events match the filter.' : 'No events yet.');
  setText(counts, model.filtering ? `${model.matching} of ${model.total} events` : `${model.total} events`);
  renderChips();
  setText(layoutButton, model.layout === 'grouped' ? 'Grouped by lane' : 'In order');
  setText(followToggle, stickToEnd ? 'Auto-scroll: on' : 'Auto-scroll: off');
  const report = `${model.total}/${model.matching}/${items.length}`;
  if (report !== lastReport) {
    lastReport = report;
    vscode.postMessage({ type: 'rendered', total: model.total, matching: model.matching, domRows: rowsLayer.childElementCount, clippedButtons: clippedButtons() });
  }
}

/** Buttons in view whose label does not fit their box (reported so a clipped control is caught). */
function clippedButtons(): number {
  let clipped = 0;
  for (const b of Array.from(app.querySelectorAll<HTMLButtonElement>('button'))) {
    if (b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1) clipped++;
  }
  return clipped;
}

function showNotice(kind: 'error' | 'info', message: string, hint?: string): void {
  notice.hidden = false;
  notice.className = `notice ${kind}`;
  notice.replaceChildren(el('span', 'message', message));
  if (hint) notice.appendChild(el('span', 'hint muted', hint));
  const close = notice.appendChild(el('button', 'icon close', '×'));
  close.title = 'Dismiss';
}

function setFollow(state: FollowState, message?: string): void {
  followState = state;
  followBadge.textContent = FOLLOW_LABELS[state];
  followBadge.dataset.state = state;
  retryButton.hidden = state === 'settled';
  retryButton.classList.toggle('secondary', state !== 'stopped');
  if (message && state === 'failed') showNotice('error', message);
}

// ---- host messages ---------------------------------------------------------------------------

function onHost(message: HostToTimeline): void {
  switch (message.type) {
    case 'init':
      if (message.runId !== runId) {
        runId = message.runId;
        pendingTopSeq = null;
      }
      resumedAfter = message.resumedAfter;
      canReply = message.canReply;
      title.textContent = message.title;
      title.title = `Run ${message.runId}`;
      saveState();
      break;
    case 'events':
      if (message.reset) {
        model.clear();
        nodeCacheFor = '';
      }
      model.append(message.rows);
      scheduleRender();
      break;
    case 'follow':
      setFollow(message.state, message.message);
      break;
    case 'retryResult':
      retryButton.disabled = false;
      showNotice(message.ok ? 'info' : 'error', message.message, message.hint);
      break;
    case 'error':
      showNotice('error', message.message, message.hint);
      break;
  }
}

window.addEventListener('message', (event: MessageEvent) => {
  const message = parseHostToTimeline(event.data);
  if (message) onHost(message);
});

// ---- interaction -----------------------------------------------------------------------------

viewport.addEventListener('scroll', () => {
  const atEnd = viewport.scrollTop + viewport.clientHeight >= model.size * ROW_HEIGHT - ROW_HEIGHT;
  stickToEnd = atEnd;
  scheduleRender();
  saveState();
});
window.addEventListener('resize', scheduleRender);

rowsLayer.addEventListener('click', (event) => {
  const target = event.target as HTMLElement;
  const step = target.closest<HTMLElement>('.file-link, .step-reply');
  if (step?.dataset.step) {
    vscode.postMessage({ type: step.classList.contains('file-link') ? 'openFileChange' : 'replyToStep', seq: Number(step.dataset.step) });
    return;
  }
  const messageLink = target.closest<HTMLElement>('.message-link');
  if (messageLink?.dataset.message) {
    vscode.postMessage({ type: 'openMessage', messageId: messageLink.dataset.message });
    return;
  }
  const link = target.closest<HTMLElement>('.child-link');
  if (link?.dataset.run) {
    vscode.postMessage({ type: 'openRun', runId: link.dataset.run });
    return;
  }
  const group = target.closest<HTMLElement>('.group');
  if (group?.dataset.group !== undefined) {
    if (target.closest('.group-toggle')) focusGroupAfterRender = group.dataset.group;
    model.toggleGroup(group.dataset.group);
    saveState();
    scheduleRender();
  }
});

let searchTimer: ReturnType<typeof setTimeout> | undefined;
search.addEventListener('input', () => {
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => {
    model.setFilter({ text: search.value, kinds: model.currentFilter.kinds });
    saveState();
    scheduleRender();
  }, 120);
});

filters.addEventListener('click', (event) => {
  const chip = (event.target as HTMLElement).closest<HTMLElement>('.chip');
  if (!chip?.dataset.kind) return;
  const kind = chip.dataset.kind as TimelineRowKind;
  const kinds = model.currentFilter.kinds.includes(kind) ? model.currentFilter.kinds.filter((k) => k !== kind) : [...model.currentFilter.kinds, kind];
  model.setFilter({ text: model.currentFilter.text, kinds });
  saveState();
  scheduleRender();
});

layoutButton.addEventListener('click', () => {
  model.layout = model.layout === 'grouped' ? 'flat' : 'grouped';
  saveState();
  scheduleRender();
});

followToggle.addEventListener('click', () => {
  stickToEnd = !stickToEnd;
  saveState();
  scheduleRender();
});

retryButton.addEventListener('click', () => {
  retryButton.disabled = true;
  vscode.postMessage({ type: 'retry' });
});
refreshButton.addEventListener('click', () => vscode.postMessage({ type: 'refresh' }));
notice.addEventListener('click', (event) => {
  if ((event.target as HTMLElement).closest('.close')) notice.hidden = true;
});

/** codicon.css is loaded when a .codicon element gets the icon font; otherwise glyphs stand in. */
function detectCodicons(): void {
  const probe = document.body.appendChild(el('span', 'codicon codicon-pulse'));
  if (/codicon/i.test(getComputedStyle(probe).fontFamily)) document.body.classList.add('has-codicons');
  probe.remove();
}

detectCodicons();
if (Array.isArray(saved.collapsed)) model.setCollapsed(saved.collapsed.filter((k): k is string => typeof k === 'string'));
setFollow(followState);
render();
vscode.postMessage({ type: 'ready' });
