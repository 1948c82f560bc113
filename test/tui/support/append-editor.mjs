// A scripted $EDITOR for the compose pty test: adds a line at the end of the draft, as a person
// writing a longer message in their editor would.
import { appendFileSync } from 'node:fs';

appendFileSync(process.argv[2], '\nA second paragraph, written in the editor.\n');
