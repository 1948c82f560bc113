// Synthetic run events for the timeline benches: every kind the timeline draws (tools, files,
// checks, usage, unknown, withheld, review, child runs, notes) across lanes and runtimes.
import type { RunEvent } from '../../shared/index';

const LANES = ['main', 'tests', 'docs', 'review'];
const RUNTIMES = ['claude', 'codex'];

export function syntheticEvent(seq: number): RunEvent {
  const lane = LANES[seq % LANES.length] as string;
  const runtime = RUNTIMES[Math.floor(seq / 7) % RUNTIMES.length] as string;
  const base = { seq, version: 1, runtime, lane, at: new Date(Date.UTC(2026, 10, 21, 8, 0, 0) + seq * 10).toISOString(), known: true, redaction: null };
  switch (seq % 10) {
    case 0:
      return { ...base, name: 'tool.call', payload: { tool: 'grep', call_id: `c${seq}`, input_summary: `pattern ${seq}` } };
    case 1:
      return { ...base, name: 'tool.result', payload: { call_id: `c${seq - 1}`, ok: seq % 3 !== 0, output_summary: `${seq % 17} hits`, duration_ms: seq % 900 } };
    case 2:
      return { ...base, name: 'file.changed', payload: { path: `src/module-${seq % 300}.ts`, change: 'modified', additions: seq % 40, deletions: seq % 9 } };
    case 3:
      return { ...base, name: 'check.completed', payload: { name: `unit-${seq % 12}`, conclusion: seq % 11 === 0 ? 'failure' : 'success' } };
    case 4:
      return { ...base, name: 'usage.reported', payload: { input_tokens: seq % 5000, output_tokens: seq % 700, credits: seq % 3 } };
    case 5:
      return { ...base, name: 'future.hologram', known: false, payload: { anything: seq } };
    case 6:
      return { ...base, name: 'note', redaction: 'withheld', payload: { withheld: 'replay_transport_budget' } };
    case 7:
      return { ...base, name: 'review.submitted', payload: { verdict: 'commented', summary: `looked at ${seq}` } };
    case 8:
      return { ...base, name: 'child.started', payload: { run_id: `child-${seq}`, agent: 'helper', lane: 'tests' } };
    default:
      return { ...base, name: 'note', payload: { text: `progress note ${seq}` } };
  }
}

