// After a command that reached the service: send what waits in the outbox, saying on stderr what
// was sent or refused. Quiet when nothing waits; never changes the command's own exit code.
import { connect, resolveFor } from '../term/connect';
import { adoptProvisionalOutbox, openTerminalOutbox, outboxAccountFor } from '../term/outbox';
import { hasOutbox, isProvisionalAccount, knownAccount, provisionalAccount, terminalOfflineRoot } from '../shared/index';
import { olderOutboxReporter } from './outbox-notes';
import { createOutput, safe, term } from './output';

function flagValue(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') return undefined;
    if (a === name) return argv[i + 1];
    if (a?.startsWith(`${name}=`)) return a.slice(name.length + 1);
  }
  return undefined;
}

export async function sendWaitingOutbox(argv: readonly string[]): Promise<void> {
  const args = { url: flagValue(argv, '--url'), profile: flagValue(argv, '--profile') };
  const out = createOutput();
  try {
    const connection = await resolveFor(args);
    if (connection.baseUrl === null || connection.token === null) return;
    const keys = { baseUrl: connection.baseUrl.replace(/\/+$/, ''), token: connection.token };
    const root = terminalOfflineRoot();
    const provisional = hasOutbox(root, provisionalAccount(keys));
    const known = knownAccount(root, keys);
    if (!provisional && !(known && hasOutbox(root, known))) return;
    const { client } = await connect(args);
    try {
      // Learns the account when only a provisional outbox waits (written before it was known) and moves it there.
      const account = await outboxAccountFor(client, keys, root);
      if (!account || isProvisionalAccount(account)) return;
      if (provisional && known) await adoptProvisionalOutbox(root, keys, account);
      const outbox = await openTerminalOutbox(root, account);
      try {
        if (outbox.count().pending === 0) return;
        const { replayOutbox } = await import('../shared/outbox');
        const report = await replayOutbox(outbox, client, olderOutboxReporter(out));
        if (report.stoppedBy) out.note(term`wsc: ${safe(String(outbox.count().pending))} still wait in the outbox; wsc outbox retry sends them.`);
      } finally {
        outbox.close();
      }
    } finally {
      await client.close();
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    out.note(term`wsc: could not send the outbox: ${safe(message)}`);
    out.note(term`  hint: wsc outbox retry tries again; wsc outbox list shows what waits.`);
  }
}
