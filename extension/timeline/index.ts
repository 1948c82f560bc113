// The run-event timeline: wsc.openRunTimeline (and its alias wsc.openRun), one panel per run,
// restored after a reload.
import * as vscode from 'vscode';
import type { WscServices } from '../context';
import { COMMAND_IDS, WEBVIEW_VIEW_TYPES } from '../ids';
import type { OutboxFeature } from '../outbox/index';
import type { TimelinePanel, TimelinePollOptions } from './timeline-panel';
import type { RunContext } from './run-context';
import { TimelinePanels } from './timeline-panels';

export interface TimelineFeature {
  /** Opens (or reveals) the timeline of the run the argument names; asks when it names none. */
  open(arg?: unknown): Promise<TimelinePanel | undefined>;
  panelFor(runId: string): TimelinePanel | undefined;
  panels(): TimelinePanel[];
  /** What the panel serializer does after a reload (tests call it with a fresh panel). */
  restore(panel: vscode.WebviewPanel, state: unknown): Promise<TimelinePanel | undefined>;
  /** Follow-mode polling pace (tests shorten it). */
  setPoll(poll: TimelinePollOptions): void;
  /** A run's timeline was opened or restored (with what its opener knew of the run). */
  readonly onDidOpen: vscode.Event<{ runId: string; context: RunContext }>;
}

/** `outbox`: the account's outbox session, which a reply to a step is sent through. */
export function registerTimeline(services: WscServices, outbox: Pick<OutboxFeature, 'current'>): TimelineFeature {
  const timelines = new TimelinePanels(services, outbox);
  const command = (arg?: unknown) =>
    timelines.openFor(arg).catch((error: unknown) => {
      void services.showError(error, vscode.l10n.t('Could not open the run timeline'));
      return undefined;
    });

  services.register(
    vscode.commands.registerCommand(COMMAND_IDS.openRunTimeline, command),
    vscode.commands.registerCommand(COMMAND_IDS.openRun, command),
    vscode.window.registerWebviewPanelSerializer(WEBVIEW_VIEW_TYPES.runTimeline, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown) {
        await timelines.restore(panel, state);
      },
    }),
    timelines,
  );

  return {
    open: (arg) => timelines.openFor(arg),
    panelFor: (runId) => timelines.panelFor(runId),
    panels: () => timelines.panels(),
    restore: (panel, state) => timelines.restore(panel, state),
    setPoll: (next) => {
      timelines.poll = next;
    },
    onDidOpen: timelines.onDidOpen,
  };
}
