/**
 * What `wsc.openRunTimeline` was opened from, reduced to run ids: a run id, a message or mention
 * carrying `run_id`, a fan-out plan message's `runGraph` (manager and specialists), or a task (whose
 * runs are looked up by the command). Tree items that wrap one of these (`.message`, `.mention`,
 * `.task`, `.row`) are unwrapped. vscode-free.
 */
import { compareTimestamps, type RunGraph, type RunGraphNode } from '../../shared/index';

export interface RunChoice {
  runId: string;
  label: string;
  description: string;
}

export interface TaskTarget {
  id: string;
  ref: string;
  title: string;
  channel_id: string | null;
}

export type RunTarget =
  | { kind: 'run'; runId: string }
  | { kind: 'choose'; choices: RunChoice[] }
  | { kind: 'task'; task: TaskTarget }
  | { kind: 'ask' };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;

export function isPlausibleRunId(value: string): boolean {
  return RUN_ID.test(value.trim());
}

function nodeChoice(node: RunGraphNode, role: string): RunChoice {
  const timing = node.ended_at ? `ended ${node.ended_at}` : node.started_at ? `started ${node.started_at}` : 'not started';
  return { runId: node.run_id, label: `${role}: ${node.status}`, description: `${node.run_id} · ${timing}` };
}

function isGraph(v: unknown): v is RunGraph {
  return isObject(v) && isObject(v.manager) && typeof v.manager.run_id === 'string' && Array.isArray(v.specialists);
}

export function runTargetOf(arg: unknown, depth = 0): RunTarget {
  if (typeof arg === 'string') return isPlausibleRunId(arg) ? { kind: 'run', runId: arg.trim() } : { kind: 'ask' };
  if (!isObject(arg) || depth > 2) return { kind: 'ask' };
  if (typeof arg.runId === 'string' && isPlausibleRunId(arg.runId)) return { kind: 'run', runId: arg.runId };
  if (isGraph(arg.runGraph)) {
    const graph = arg.runGraph;
    const choices = [
      nodeChoice(graph.manager, 'Manager'),
      ...graph.specialists.filter((s): s is RunGraphNode => isObject(s) && typeof s.run_id === 'string').map((s, i) => nodeChoice(s, `Specialist ${i + 1}`)),
    ];
    return choices.length === 1 ? { kind: 'run', runId: (choices[0] as RunChoice).runId } : { kind: 'choose', choices };
  }
  if (typeof arg.run_id === 'string' && isPlausibleRunId(arg.run_id)) return { kind: 'run', runId: arg.run_id };
  if (typeof arg.ref === 'string' && typeof arg.id === 'string' && typeof arg.title === 'string' && typeof arg.number === 'number') {
    return {
      kind: 'task',
      task: { id: arg.id, ref: arg.ref, title: arg.title, channel_id: typeof arg.channel_id === 'string' ? arg.channel_id : null },
    };
  }
  for (const key of ['message', 'mention', 'task', 'row', 'item']) {
    if (isObject(arg[key])) {
      const inner = runTargetOf(arg[key], depth + 1);
      if (inner.kind !== 'ask') return inner;
    }
  }
  return { kind: 'ask' };
}

/** Run ids named by a list of messages (run_id, runGraph nodes), newest message first, each once. */
export function runChoicesFromMessages(
  messages: readonly { id: string; body: string; created_at: string; run_id?: string | null; runGraph?: RunGraph }[],
): RunChoice[] {
  const seen = new Set<string>();
  const out: RunChoice[] = [];
  const add = (runId: string, label: string, description: string) => {
    if (seen.has(runId)) return;
    seen.add(runId);
    out.push({ runId, label, description });
  };
  const sorted = [...messages].sort((a, b) => compareTimestamps(b.created_at, a.created_at));
  for (const m of sorted) {
    const preview = m.body.replace(/\s+/g, ' ').slice(0, 80);
    if (m.run_id) add(m.run_id, preview || m.run_id, `${m.run_id} · ${m.created_at}`);
    if (m.runGraph) {
      add(m.runGraph.manager.run_id, `Plan manager: ${m.runGraph.manager.status}`, `${m.runGraph.manager.run_id} · ${preview}`);
      for (const s of m.runGraph.specialists) add(s.run_id, `Plan specialist: ${s.status}`, `${s.run_id} · ${preview}`);
    }
  }
  return out;
}
