// A display field a service left out of a whole answer (a renamed `author`, a channel's `kind`) is
// filled with a placeholder so the command still works; this says so once per field, on stderr
// (stdout stays the data), naming the field and `wsc doctor`.
import { onMissingDisplayField, sanitizeTerminalLine } from '../shared/core';

export function sayMissingDisplayFields(stderr: NodeJS.WritableStream = process.stderr): () => void {
  return onMissingDisplayField((notice) => {
    stderr.write(`wsc: note: ${sanitizeTerminalLine(notice.message)}\n`);
  });
}
