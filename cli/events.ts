// `wsc events <run> [--follow]`: a run's event timeline; unknown and withheld events shown as such.
import { describeRunEvent, readRunEvents, type RunEvent } from '../shared/index';
import { integerFlag, noExtraPositionals, parseArgs, required } from './args';
import { withClient } from '../term/connect';
import { abortOnInterrupt } from './interrupt';
import { createOutput, padStartSafe, safe, term, type Output } from './output';

export async function runEvents(argv: string[]): Promise<number> {
  const args = parseArgs('events', argv, { strings: ['after'], booleans: ['follow'] });
  const runId = required(args, 0, 'the run id', 'events');
  noExtraPositionals(args, 1, 'events');
  const after = integerFlag(args, 'after', 'events', { min: 0 }) ?? 0;
  const out = createOutput();
  return withClient(args, async ({ client }) => {
    const interrupt = abortOnInterrupt();
    try {
      for await (const item of readRunEvents({ client, runId, after, follow: args.flags.follow === true, signal: interrupt.signal })) {
        switch (item.type) {
          case 'event':
            if (args.json) out.json(item.event);
            else printEvent(out, item.event);
            break;
          case 'error':
            out.note(term`reconnecting… (${safe(item.error instanceof Error ? item.error.message : 'error')}; retrying in ${Math.round(item.retryInMs / 1000)} s)`);
            break;
          case 'end':
            if (item.reason === 'failed') throw item.error;
            if (!args.json && item.reason === 'settled') out.note(term`The run has settled.`);
            break;
          case 'caught_up':
            break;
        }
      }
      return 0;
    } finally {
      interrupt.dispose();
    }
  });
}

function printEvent(out: Output, e: RunEvent): void {
  const view = describeRunEvent(e);
  const marker = view.kind === 'withheld' ? term` [withheld]` : view.kind === 'unknown' ? term` [unknown event]` : '';
  const lane = e.lane ? out.dim(term`[${safe(e.lane)}]`) : '';
  out.line(term`${out.dim(padStartSafe(term`#${e.seq}`, 5))} ${out.dim(safe(e.at))} ${lane} ${safe(view.icon)} ${out.bold(safe(view.title))}${marker}`);
  if (view.detail) out.line(term`        ${safe(view.detail)}`);
}
