// The demo agent: every agent with autoReply answers when it is @-mentioned in a room it belongs
// to (or in its DM). It replies in the thread with the new run's id, then plays a realistic run on
// real timers (run.started, tool.call/tool.result, file.changed, a child run, check.completed,
// usage.reported, message.posted, run.settled) and settles. Approved dispatches (approve_dispatch)
// are played the same way. Messages posted by automations or agents never summon it: an
// automation can ask but never spend, and agents do not summon each other in loops.
import type { Message, RunStatus } from '../../shared/contract';
import { isMember } from '../access';
import { setDispatchStarter, type DispatchRow } from '../actions/commands/dispatch';
import { spendCredits } from '../domains/budget';
import { markEnvUsed } from '../domains/env';
import { appendRunEvents, type FixtureRunEvent } from '../fixture';
import { postMessage } from '../store/messages';
import type { ChannelRecord } from '../store/records';
import { findRun, setRunStatus } from '../store/runs';
import type { Services } from '../types';

interface AgentRow {
  id: string;
  name: string;
  handle: string;
}

interface Job {
  runId: string;
  channelId: string;
  agent: AgentRow;
  threadRootId: string;
  prompt: string;
}

/** Delay between two steps of a played run; WSC_DEMO_AGENT_STEP_MS overrides (tests use a short one). */
function stepMs(): number {
  const raw = Number(process.env.WSC_DEMO_AGENT_STEP_MS);
  return Number.isFinite(raw) && raw >= 0 ? raw : 250;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function mentions(body: string, handle: string): boolean {
  return new RegExp(`(^|[^\\w@])@${escapeRegExp(handle)}(?![\\w-])`, 'i').test(body);
}

function summarize(body: string, handle: string): string {
  const text = body.replace(new RegExp(`@${escapeRegExp(handle)}\\b`, 'gi'), '').replace(/\s+/g, ' ').trim();
  return text.length > 120 ? `${text.slice(0, 117)}…` : text || 'your request';
}

function summoned(svc: Services, message: Message, channel: ChannelRecord): AgentRow[] {
  const agents = svc.db.prepare('SELECT id, name, handle FROM agents WHERE auto_reply = 1').all() as AgentRow[];
  return agents.filter((a) => isMember(svc, channel.id, a.id) && (channel.kind === 'dm' || mentions(message.body, a.handle)));
}

export function startDemoAgent(svc: Services): () => void {
  const timers = new Set<NodeJS.Timeout>();
  let generation = 0;

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  function play(job: Job): void {
    const mine = generation;
    const steps = runScript(job);
    let i = 0;
    const next = () => {
      if (mine !== generation || !findRun(svc, job.runId)) return;
      const step = steps[i++];
      if (!step) return;
      try {
        step();
      } catch (error) {
        process.stderr.write(`wsc serve: the demo agent stopped run ${job.runId}: ${error instanceof Error ? error.message : String(error)}\n`);
        return;
      }
      if (i < steps.length) later(stepMs(), next);
    };
    later(stepMs(), next);
  }

  function emit(runId: string, events: FixtureRunEvent[], lane = 'main'): void {
    svc.transaction(() => {
      const seqs = appendRunEvents(svc, runId, events.map((e) => ({ runtime: 'demo-agent', lane, ...e })));
      const run = findRun(svc, runId);
      if (run) svc.bus.emit('run.events', { run, seqs });
    });
  }

  function settle(runId: string, status: RunStatus): void {
    svc.transaction(() => {
      const run = setRunStatus(svc, runId, status, svc.nextTimestamp());
      if (run) svc.bus.emit('run.settled', { run });
    });
  }

  function runScript(job: Job): Array<() => void> {
    const childId = svc.newId();
    const file = 'src/' + (job.prompt.toLowerCase().match(/[a-z]{4,}/)?.[0] ?? 'main') + '.ts';
    return [
      () => {
        svc.transaction(() => {
          setRunStatus(svc, job.runId, 'running', svc.nextTimestamp());
          markEnvUsed(svc, job.channelId);
        });
        emit(job.runId, [{ name: 'run.started', payload: { prompt_summary: job.prompt } }]);
      },
      () => emit(job.runId, [{ name: 'tool.call', payload: { tool: 'search_code', call_id: 'call-1', input_summary: job.prompt.slice(0, 60) } }]),
      () => emit(job.runId, [{ name: 'tool.result', payload: { call_id: 'call-1', ok: true, output_summary: `3 matches, most relevant in ${file}`, duration_ms: 42 } }]),
      () => {
        svc.transaction(() => {
          svc.db
            .prepare("INSERT INTO runs (id, channel_id, requester_id, agent_id, status, started_at, ended_at) VALUES (?, ?, ?, ?, 'running', ?, NULL)")
            .run(childId, job.channelId, findRun(svc, job.runId)?.requester_id ?? '', job.agent.id, svc.nextTimestamp());
        });
        emit(job.runId, [{ name: 'child.started', payload: { run_id: childId, agent: job.agent.name, lane: 'tests' } }]);
        emit(childId, [{ name: 'run.started', payload: { prompt_summary: 'Run the affected tests' } }], 'tests');
      },
      () => emit(job.runId, [{ name: 'file.changed', payload: { path: file, change: 'modified', additions: 12, deletions: 4 } }]),
      () => {
        emit(childId, [
          { name: 'tool.call', payload: { tool: 'shell', call_id: 'child-1', input_summary: 'npm test -- --related' } },
          { name: 'tool.result', payload: { call_id: 'child-1', ok: true, output_summary: '24 passed', duration_ms: 1830 } },
          { name: 'run.settled', payload: { status: 'succeeded' } },
        ], 'tests');
        settle(childId, 'succeeded');
        emit(job.runId, [{ name: 'child.settled', payload: { run_id: childId, status: 'succeeded' } }]);
      },
      () => emit(job.runId, [{ name: 'check.completed', payload: { name: 'npm test', conclusion: 'success', details: '24 passed' } }]),
      () => {
        const credits = 2;
        emit(job.runId, [{ name: 'usage.reported', payload: { input_tokens: 18_240, output_tokens: 2_310, credits } }]);
        svc.transaction(() => spendCredits(svc, job.channelId, credits));
      },
      () => {
        const { message } = postMessage(svc, {
          channelId: job.channelId,
          authorId: job.agent.id,
          authorKind: 'agent',
          parentId: job.threadRootId,
          runId: job.runId,
          body: `Done ✅ I updated \`${file}\` (+12 −4) and the related tests pass (24 passed). Summary of “${job.prompt}” is in run ${job.runId}.`,
        });
        emit(job.runId, [{ name: 'message.posted', payload: { message_id: message.id } }]);
      },
      () => {
        emit(job.runId, [{ name: 'run.settled', payload: { status: 'succeeded', summary: `Handled: ${job.prompt}` } }]);
        settle(job.runId, 'succeeded');
      },
    ];
  }

  function answerMention(message: Message, channel: ChannelRecord, agent: AgentRow): void {
    const runId = svc.newId();
    const prompt = summarize(message.body, agent.handle);
    const threadRootId = message.parent_id ?? message.id;
    svc.transaction(() => {
      svc.db
        .prepare("INSERT INTO runs (id, channel_id, requester_id, agent_id, status, started_at, ended_at) VALUES (?, ?, ?, ?, 'queued', NULL, NULL)")
        .run(runId, channel.id, message.author.id, agent.id);
      postMessage(svc, {
        channelId: channel.id,
        authorId: agent.id,
        authorKind: 'agent',
        parentId: threadRootId,
        runId,
        body: `On it, @${message.author.handle} — looking into “${prompt}”. I will post the result in this thread.`,
      });
    });
    play({ runId, channelId: channel.id, agent, threadRootId, prompt });
  }

  function startDispatch(d: DispatchRow): void {
    if (!d.run_id || !findRun(svc, d.run_id)) return;
    const agent = svc.db.prepare('SELECT id, name, handle FROM agents WHERE id = ?').get(d.agent_id) as AgentRow | undefined;
    if (!agent) return;
    const root = d.proposal_message_id ?? '';
    const hasRoot = root !== '' && svc.db.prepare('SELECT 1 FROM messages WHERE id = ?').get(root) !== undefined;
    const { message } = postMessage(svc, {
      channelId: d.channel_id,
      authorId: agent.id,
      authorKind: 'agent',
      parentId: hasRoot ? root : null,
      runId: d.run_id,
      body: `Approved — starting on “${d.prompt}”.`,
    });
    play({ runId: d.run_id, channelId: d.channel_id, agent, threadRootId: message.parent_id ?? message.id, prompt: d.prompt });
  }

  const stops = [
    svc.bus.on('message.posted', ({ message, channel, viaAutomation }) => {
      if (viaAutomation || message.author.kind === 'agent' || channel.archived) return;
      for (const agent of summoned(svc, message, channel)) {
        later(0, () => {
          if (svc.db.prepare('SELECT 1 FROM messages WHERE id = ?').get(message.id)) answerMention(message, channel, agent);
        });
      }
    }),
    svc.bus.on('state.reset', () => {
      generation++;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    }),
  ];
  setDispatchStarter(svc, (d) => later(0, () => startDispatch(d)));

  return () => {
    generation++;
    for (const stop of stops) stop();
    for (const t of timers) clearTimeout(t);
    timers.clear();
    setDispatchStarter(svc, null);
  };
}
