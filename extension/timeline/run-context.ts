/**
 * What is known about a run from where its timeline was opened: the agent (a message's author, a
 * child run's agent), the channel and the task. The API has no run record to ask, so the timeline's
 * heading is built from these; without any, it names the run by its id. vscode-free.
 */
export interface RunContext {
  agent?: string;
  /** The agent's @handle: a reply to a step mentions it. */
  agentHandle?: string;
  channelId?: string;
  /** The root of the run's thread (the message that started or announced the run): replies go there. */
  threadId?: string;
  task?: { ref: string; title: string };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** The context an openRunTimeline argument carries (the same shapes runTargetOf reads). */
export function runContextOf(arg: unknown, depth = 0): RunContext {
  if (!isObject(arg) || depth > 2) return {};
  if (isObject(arg.context)) {
    const c = arg.context;
    const task = isObject(c.task) && text(c.task.ref) && typeof c.task.title === 'string' ? { ref: c.task.ref as string, title: c.task.title } : undefined;
    return {
      ...(text(c.agent) ? { agent: text(c.agent) } : {}),
      ...(text(c.agentHandle) ? { agentHandle: text(c.agentHandle) } : {}),
      ...(text(c.channelId) ? { channelId: text(c.channelId) } : {}),
      ...(text(c.threadId) ? { threadId: text(c.threadId) } : {}),
      ...(task ? { task } : {}),
    };
  }
  // A task (its runs are looked up in its channel).
  if (typeof arg.ref === 'string' && typeof arg.title === 'string' && typeof arg.number === 'number') {
    return { task: { ref: arg.ref, title: arg.title }, ...(text(arg.channel_id) ? { channelId: text(arg.channel_id) } : {}) };
  }
  // A message or mention that started the run (or carries its plan): its author and its room.
  if (typeof arg.run_id === 'string' || isObject(arg.runGraph)) {
    const author = isObject(arg.author) ? text(arg.author.name) : undefined;
    const handle = isObject(arg.author) && arg.author.kind === 'agent' ? text(arg.author.handle) : undefined;
    // The run's thread: the message's own thread when it is a reply, else the thread it starts.
    const thread = text(arg.parent_id) ?? text(arg.id);
    return {
      ...(author ? { agent: author } : {}),
      ...(handle ? { agentHandle: handle } : {}),
      ...(text(arg.channel_id) ? { channelId: text(arg.channel_id) } : {}),
      ...(thread && text(arg.channel_id) ? { threadId: thread } : {}),
    };
  }
  for (const key of ['message', 'mention', 'task', 'row', 'item']) {
    if (isObject(arg[key])) {
      const inner = runContextOf(arg[key], depth + 1);
      if (Object.keys(inner).length > 0) return inner;
    }
  }
  return {};
}

/** The timeline's heading: "Helper in #general · T-2 Fix ranking", else the run by its id's end. */
export function runHeading(runId: string, context: RunContext, channelName?: string): string {
  const who = context.agent ? `${context.agent}'s run` : 'Run';
  const where = channelName ? ` in #${channelName}` : '';
  const task = context.task ? ` · ${context.task.ref} ${context.task.title}` : '';
  const id = runId.length > 12 ? `…${runId.slice(-8)}` : runId;
  return context.agent || channelName || context.task ? `${who}${where}${task} (${id})` : `Run ${runId}`;
}
