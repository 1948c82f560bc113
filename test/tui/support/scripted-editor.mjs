/* global fetch */
// A scripted $EDITOR for the pty test: adds a line at the end of the file, and meanwhile another
// person saves a change to the first line of the same doc (so the app's save meets a conflict).
import { appendFileSync } from 'node:fs';

const file = process.argv[2];
const { WSC_URL, OTHER_TOKEN, DOC_ID } = process.env;
const headers = { authorization: `Bearer ${OTHER_TOKEN}`, 'content-type': 'application/json' };
const doc = await (await fetch(`${WSC_URL}/api/v1/docs/${DOC_ID}`, { headers })).json();
const lines = doc.body.split('\n');
lines[0] = `${lines[0]} (edited by the other person)`;
const res = await fetch(`${WSC_URL}/api/v1/docs/${DOC_ID}`, { method: 'PATCH', headers, body: JSON.stringify({ body: lines.join('\n'), expected_updated_at: doc.updated_at }) });
if (!res.ok) process.exit(3);
appendFileSync(file, '\nMine: a line typed in the editor.\n');
