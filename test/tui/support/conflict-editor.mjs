/* global fetch */
// A scripted $EDITOR for the conflict pty test. First run: another person changes the doc's first
// line, and "I" change the same line (an overlapping conflict). Later runs (the file holds conflict
// markers): leave them as they are, as someone who saves without resolving would.
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2];
const text = readFileSync(file, 'utf8');
if (!text.includes('<<<<<<<')) {
  const { WSC_URL, OTHER_TOKEN, DOC_ID } = process.env;
  const headers = { authorization: `Bearer ${OTHER_TOKEN}`, 'content-type': 'application/json' };
  const doc = await (await fetch(`${WSC_URL}/api/v1/docs/${DOC_ID}`, { headers })).json();
  const theirs = doc.body.split('\n');
  theirs[0] = '# Their title';
  const res = await fetch(`${WSC_URL}/api/v1/docs/${DOC_ID}`, { method: 'PATCH', headers, body: JSON.stringify({ body: theirs.join('\n'), expected_updated_at: doc.updated_at }) });
  if (!res.ok) process.exit(3);
  const mine = text.split('\n');
  mine[0] = '# My title';
  writeFileSync(file, mine.join('\n'));
}
