// A scripted $EDITOR for the doc edit tests. Modes (EDIT_MODE):
//  append    adds a line at the end
//  race      first call: another person saves a change to the first line (through the API), then
//            this edit appends a line (a clean merge)
//  conflict  first call: another person rewrites the line "2. Tag." while this edit rewrites it too;
//            second call (the conflict markers): resolves them when RESOLVE=1, else leaves them
//  none      changes nothing
//  append-then-fail  adds a line, then makes the service fail every doc request (500) until told otherwise
/* global fetch */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2];
const mode = process.env.EDIT_MODE;
const countFile = process.env.EDIT_COUNT_FILE;
const call = countFile && existsSync(countFile) ? Number(readFileSync(countFile, 'utf8')) + 1 : 1;
if (countFile) writeFileSync(countFile, String(call));

async function otherPersonSaves(change) {
  const url = `${process.env.OTHER_URL}/api/v1/docs/${process.env.DOC_ID}`;
  const headers = { authorization: `Bearer ${process.env.OTHER_TOKEN}`, 'content-type': 'application/json' };
  const doc = await (await fetch(url, { headers })).json();
  const res = await fetch(url, { method: 'PATCH', headers, body: JSON.stringify({ body: change(doc.body), expected_updated_at: doc.updated_at }) });
  if (!res.ok) throw new Error(`other save failed: ${res.status}`);
}

const text = readFileSync(file, 'utf8');
if (mode === 'append') {
  writeFileSync(file, `${text}3. Announce.\n`);
} else if (mode === 'append-then-fail') {
  writeFileSync(file, `${text}3. Announce.\n`);
  const headers = { 'x-emulator-key': process.env.CONTROL_KEY, 'content-type': 'application/json' };
  const res = await fetch(`${process.env.OTHER_URL}/_emulator/faults`, { method: 'POST', headers, body: JSON.stringify({ fail500: 1000, pathPattern: '/api/v1/docs/*' }) });
  if (!res.ok) throw new Error(`faults failed: ${res.status}`);
} else if (mode === 'race' && call === 1) {
  await otherPersonSaves((body) => body.replace('# Deploy', '# Deploy (updated)'));
  writeFileSync(file, `${text}3. Announce.\n`);
} else if (mode === 'conflict' && call === 1) {
  await otherPersonSaves((body) => body.replace('2. Tag.', '2. Tag and push.'));
  writeFileSync(file, text.replace('2. Tag.', '2. Tag and sign.'));
} else if (mode === 'conflict' && call === 2) {
  if (!text.includes('<<<<<<< ')) throw new Error('expected conflict markers');
  if (process.env.RESOLVE === '1') {
    writeFileSync(file, text.replace(/<<<<<<< [^\n]*\n[\s\S]*?>>>>>>> [^\n]*\n/, '2. Tag, sign and push.\n'));
  }
}
