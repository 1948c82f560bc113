// Reading what the person types or pipes in. In accessible mode (term/accessible-mode.ts) a question
// is a line of its own and the answer is read in the terminal's own line mode (term/plain-prompt.ts):
// no raw mode, no echo of our own; a secret is still read unechoed, and the question says so.
import { sanitizeTerminalLine } from '../shared/core';
import { accessibleMode } from '../term/accessible-mode';
import { usageError } from '../term/cli-error';
import { askPlainLine } from '../term/plain-prompt';

export async function readAllStdin(stdin: NodeJS.ReadStream = process.stdin): Promise<string> {
  if (stdin.isTTY) {
    throw usageError("'-' reads from standard input, but nothing is piped in.", "Pipe the text in, e.g. echo hello | wsc post general -");
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Text given as an argument, or read from stdin for '-' (one trailing newline dropped). */
export async function textOrStdin(value: string, stdin: NodeJS.ReadStream = process.stdin): Promise<string> {
  if (value !== '-') return value;
  return (await readAllStdin(stdin)).replace(/\r?\n$/, '');
}

/** One line from a TTY, echoed (e.g. a URL). Prompt on stderr. */
export async function promptLine(prompt: string, stdin: NodeJS.ReadStream = process.stdin, stderr: NodeJS.WriteStream = process.stderr): Promise<string> {
  if (!accessibleMode()) return readTty(prompt, true, stdin, stderr);
  const answer = await askPlainLine(sanitizeTerminalLine(prompt.trim()), { input: stdin, output: stderr });
  if (answer === null) throw usageError('Cancelled: the input ended before an answer.', 'Run the command again and type the answer, then press Enter.');
  return answer;
}

/** One line from a TTY without echo (a token). Ctrl-C aborts. */
export function promptSecret(prompt: string, stdin: NodeJS.ReadStream = process.stdin, stderr: NodeJS.WriteStream = process.stderr): Promise<string> {
  if (!accessibleMode()) return readTty(prompt, false, stdin, stderr);
  return readTty(`${prompt.trim()}\nNothing you type is shown; press Enter when done.\n`, false, stdin, stderr);
}

function readTty(prompt: string, echo: boolean, stdin: NodeJS.ReadStream, stderr: NodeJS.WriteStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    const wasRaw = stdin.isRaw;
    // Raw mode before the prompt shows, so nothing typed after it is echoed by the terminal itself.
    stdin.setRawMode?.(true);
    stderr.write(prompt);
    stdin.resume();
    stdin.setEncoding('utf8');
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode?.(wasRaw);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(value.trim());
    };
    const onData = (data: string) => {
      for (const ch of data) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003') return finish(usageError('Cancelled.', 'Run the command again when ready.'));
        if (ch === '\u0004') return finish();
        if (ch === '\u007f' || ch === '\b') {
          if (value.length > 0) {
            value = value.slice(0, -1);
            if (echo) stderr.write('\b \b');
          }
          continue;
        }
        if (ch < ' ') continue;
        value += ch;
        if (echo) stderr.write(ch);
      }
    };
    stdin.on('data', onData);
  });
}
