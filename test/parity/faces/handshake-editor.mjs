// The $EDITOR of the parity suite's doc scenarios (the CLI's `wsc doc edit`, the terminal UI's docs
// view): makes the edit PARITY_EDIT describes ({find, replace} or {append}), then writes `edited`
// in PARITY_HANDSHAKE and waits for `go` there before it exits, so the test can act (take the
// service away, let another person save) while the edit is still unsaved, as a person who is
// slow to close the editor.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const file = process.argv[2];
const edit = JSON.parse(process.env.PARITY_EDIT ?? '{}');
const folder = process.env.PARITY_HANDSHAKE;
let text = readFileSync(file, 'utf8');
if (edit.find !== undefined) {
  if (!text.includes(edit.find)) {
    process.stderr.write(`handshake-editor: no ${JSON.stringify(edit.find)} in ${JSON.stringify(text)}\n`);
    process.exit(3);
  }
  text = text.replace(edit.find, edit.replace ?? '');
}
if (edit.append !== undefined) text = `${text.endsWith('\n') || text === '' ? text : `${text}\n`}${edit.append}\n`;
writeFileSync(file, text);
writeFileSync(join(folder, 'edited'), file);
while (!existsSync(join(folder, 'go'))) await sleep(50);
