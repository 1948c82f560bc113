// The open run timelines: one panel per run, opened (or revealed) from anything that names a run,
// and re-attached after a reload.
import * as vscode from 'vscode';
import { runTabTitle } from './run-title';
import type { WscServices } from '../context';
import type { OutboxFeature } from '../outbox/index';
import { WEBVIEW_VIEW_TYPES } from '../ids';
import { resolveRunId } from './open-run-timeline';
import { runContextOf, type RunContext } from './run-context';
import type { TimelinePanel, TimelinePollOptions } from './timeline-panel';
import { runIdFromState } from './timeline-state';

const DEFAULT_POLL: TimelinePollOptions = { minMs: 1_000, maxMs: 15_000 };

// The panel's code (reading the ledger, rows, step actions) loads when a timeline first opens.
const loadPanelCode = () => import('./timeline-panel');
type PanelCode = Awaited<ReturnType<typeof loadPanelCode>>;

export class TimelinePanels implements vscode.Disposable {
  private readonly open = new Map<string, TimelinePanel>();
  readonly #opened = new vscode.EventEmitter<{ runId: string; context: RunContext }>();
  /** A run's timeline was opened (or restored after a reload): the inbox watches the run. */
  readonly onDidOpen = this.#opened.event;
  /** Follow-mode polling pace (tests shorten it). */
  poll = DEFAULT_POLL;

  constructor(
    private readonly services: WscServices,
    private readonly outbox: Pick<OutboxFeature, 'current'>,
  ) {}

  /** Opens (or reveals) the timeline of the run the argument names; asks when it names none. */
  async openFor(arg?: unknown): Promise<TimelinePanel | undefined> {
    const runId = await resolveRunId(arg, this.services.auth.client());
    if (!runId) return undefined;
    const code = await loadPanelCode();
    const existing = this.open.get(runId);
    if (existing) {
      existing.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(WEBVIEW_VIEW_TYPES.runTimeline, runTabTitle(runId), vscode.ViewColumn.Active, { enableFindWidget: true });
    return this.create(code, panel, runId, runContextOf(arg));
  }

  /** What the panel serializer does after a reload. */
  async restore(panel: vscode.WebviewPanel, state: unknown): Promise<TimelinePanel | undefined> {
    const runId = runIdFromState(state);
    const code = runId ? await loadPanelCode() : undefined;
    if (!runId || !code || this.open.has(runId)) {
      panel.dispose();
      return undefined;
    }
    return this.create(code, panel, runId);
  }

  panelFor(runId: string): TimelinePanel | undefined {
    return this.open.get(runId);
  }

  panels(): TimelinePanel[] {
    return [...this.open.values()];
  }

  dispose(): void {
    this.panels().forEach((p) => p.dispose());
    this.#opened.dispose();
  }

  private create({ TimelinePanel }: PanelCode, panel: vscode.WebviewPanel, runId: string, context: RunContext = {}): TimelinePanel {
    const timeline: TimelinePanel = new TimelinePanel(
      this.services,
      panel,
      runId,
      () => this.poll,
      () => {
        if (this.open.get(runId) === timeline) this.open.delete(runId);
      },
      context,
      this.outbox,
    );
    this.open.set(runId, timeline);
    this.#opened.fire({ runId, context });
    return timeline;
  }
}
