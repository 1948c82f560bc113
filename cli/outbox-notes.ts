// What a command says on stderr about older outbox entries it sent or saw refused on its way.
import type { ReplayHandlers } from '../shared/index';
import { describeOperation } from '../term/outbox';
import { createOutput, safe, term, type Output } from './output';

export function olderOutboxReporter(out: Output = createOutput()): ReplayHandlers {
  return {
    onSent(entry) {
      out.note(term`wsc: sent from the outbox: ${safe(describeOperation(entry.operation))}`);
    },
    onFailed(entry, said) {
      out.note(term`wsc: the service refused outbox entry ${safe(String(entry.id))} (${safe(describeOperation(entry.operation))}): ${safe(said.message)} [${safe(said.code)}]`);
      out.note(term`  hint: ${safe(said.hint)} It stays in the outbox: wsc outbox edit|retry|drop ${safe(String(entry.id))}.`);
    },
  };
}
