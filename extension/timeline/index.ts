// The run-event timeline: wsc.openRunTimeline, one panel per run, restored after a reload.
import * as vscode from 'vscode';
import type { WscServices } from '../context';
import { resolveRunId } from './open-run-timeline';
import { isPlausibleRunId } from './run-target';
import { TIMELINE_VIEW_TYPE, TimelinePanel, type TimelinePollOptions } from './timeline-panel';

/** Stable: other tools drive it. */
export const OPEN_RUN_TIMELINE_COMMAND = 'wsc.openRunTimeline';
/** The id the channel panel calls (COMMAND_IDS.openRun): an alias, not contributed to the palette. */
const OPEN_RUN_ALIAS = 'wsc.openRun';

export interface TimelineFeature {
  /** Opens (or reveals) the timeline of the run the argument names; asks when it names none. */
  open(arg?: unknown): Promise<TimelinePanel | undefined>;
  panelFor(runId: string): TimelinePanel | undefined;
  panels(): TimelinePanel[];
  /** What the panel serializer does after a reload (tests call it with a fresh panel). */
  restore(panel: vscode.WebviewPanel, state: unknown): TimelinePanel | undefined;
  /** Follow-mode polling pace (tests shorten it). */
  setPoll(poll: TimelinePollOptions): void;
}

const DEFAULT_POLL: TimelinePollOptions = { minMs: 1_000, maxMs: 15_000 };

export function registerTimeline(services: WscServices): TimelineFeature {
  const open = new Map<string, TimelinePanel>();
  let poll = DEFAULT_POLL;

  const create = (panel: vscode.WebviewPanel, runId: string): TimelinePanel => {
    const timeline: TimelinePanel = new TimelinePanel(services, panel, runId, () => poll, () => {
      if (open.get(runId) === timeline) open.delete(runId);
    });
    open.set(runId, timeline);
    return timeline;
  };

  const openRun = async (arg?: unknown): Promise<TimelinePanel | undefined> => {
    const runId = await resolveRunId(arg, services.auth.client());
    if (!runId) return undefined;
    const existing = open.get(runId);
    if (existing) {
      existing.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(TIMELINE_VIEW_TYPE, `Run ${runId}`, vscode.ViewColumn.Active, { enableFindWidget: true });
    return create(panel, runId);
  };

  /** The webview saved {runId, filter, layout, scroll} with setState; only the runId matters here. */
  const restore = (panel: vscode.WebviewPanel, state: unknown): TimelinePanel | undefined => {
    const runId = typeof state === 'object' && state !== null ? (state as { runId?: unknown }).runId : undefined;
    if (typeof runId !== 'string' || !isPlausibleRunId(runId) || open.has(runId)) {
      panel.dispose();
      return undefined;
    }
    return create(panel, runId);
  };

  const command = (arg?: unknown) =>
    openRun(arg).catch((error: unknown) => {
      void services.showError(error, 'open the run timeline');
      return undefined;
    });

  services.register(
    vscode.commands.registerCommand(OPEN_RUN_TIMELINE_COMMAND, command),
    vscode.commands.registerCommand(OPEN_RUN_ALIAS, command),
    vscode.window.registerWebviewPanelSerializer(TIMELINE_VIEW_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown) {
        restore(panel, state);
      },
    }),
    { dispose: () => [...open.values()].forEach((p) => p.dispose()) },
  );

  return {
    open: openRun,
    panelFor: (runId) => open.get(runId),
    panels: () => [...open.values()],
    restore,
    setPoll: (next) => {
      poll = next;
    },
  };
}
