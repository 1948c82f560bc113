// "Reply to this step" in the terminal UI's run views: the reply is drafted in the run's thread
// (mentioning the agent and quoting the step, the shared stepReplyBody) and the thread opens, so
// the person writes the rest and sends it through the compose box like any reply (outbox included).
import { describeRunEvent, stepReplyBody, type RunEvent } from '../../shared/index';
import { useUiRoot } from '../state/use-ui-store';
import { useUi, type RunThread, type View } from '../ui-context';

export interface StepReplyDraft {
  /** The compose draft key of the thread (composeDraftKey). */
  draftKey: string;
  text: string;
  view: View;
}

/** The draft and the thread view to open, or null when the run's thread is not known. */
export function stepReplyDraft(thread: RunThread | undefined, event: RunEvent): StepReplyDraft | null {
  if (!thread) return null;
  const v = describeRunEvent(event);
  const body = stepReplyBody(thread.agentHandle, { seq: event.seq, title: v.title, ...(v.detail ? { detail: v.detail } : {}) }, '');
  return { draftKey: `thread:${thread.rootId}`, text: body, view: { kind: 'thread', channelId: thread.channelId, rootId: thread.rootId } };
}

export const NO_RUN_THREAD = "This run's thread is not known here: open the run from the agent's message in its channel (o), then reply to the step.";

/** The hook the run views use: r on a step drafts the reply in the run's thread and opens it. */
export function useStepReply(thread: RunThread | undefined): (event: RunEvent | undefined) => void {
  const ui = useUi();
  const { store } = useUiRoot();
  return (event) => {
    if (!event) return;
    const draft = stepReplyDraft(thread, event);
    if (!draft) return ui.info(NO_RUN_THREAD);
    // The compose box reads the store's draft (with its cursor); LocalState keeps it across restarts.
    store.setDraft(draft.draftKey, { text: draft.text, cursor: draft.text.length });
    ui.state.setDraft(draft.draftKey, draft.text);
    ui.navigate(draft.view);
    ui.info(`Reply to step ${event.seq} drafted in the run's thread: write it and send.`);
  };
}
