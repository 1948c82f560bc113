// The person's editor ($VISUAL, else $EDITOR, else vi), run as git runs it: through the shell, so a
// setting with arguments (`code --wait`) works, with the file passed as "$1" so no name is re-parsed.
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError } from './cli-error';

export function editorCommand(env: NodeJS.ProcessEnv = process.env): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi';
}

/** Opens `file` and waits for the editor to close; a CliError names the editor when it could not start or failed. */
export function openInEditor(file: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const editor = editorCommand(env);
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', `${editor} "$1"`, 'wsc-editor', file], { stdio: 'inherit', env });
    // A signal that ends wsc while the editor has the terminal ends the editor too (its text stays
    // in the file, which is then reported as kept), and so does wsc exiting for any other reason.
    const endEditor = (signal: NodeJS.Signals) => () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    const onTerm = endEditor('SIGTERM');
    const onHup = endEditor('SIGHUP');
    const onExit = endEditor('SIGTERM');
    process.on('SIGTERM', onTerm);
    process.on('SIGHUP', onHup);
    process.on('exit', onExit);
    child.once('exit', () => {
      process.off('SIGTERM', onTerm);
      process.off('SIGHUP', onHup);
      process.off('exit', onExit);
    });
    child.once('error', (error) => reject(new CliError('editor_failed', `Could not start the editor '${editor}': ${error.message}`, 'Set EDITOR to an editor command, e.g. EDITOR=nano.')));
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new CliError('editor_failed', `The editor '${editor}' exited with ${signal ?? `code ${code}`}.`, `Your text is kept in ${file}.`));
    });
  });
}

/**
 * A private temp folder with the text in `doc.md` or `message.md` (so the editor picks Markdown). The name is
 * the client's own, never the doc's title: server strings do not go into paths.
 */
export async function writeTempDoc(body: string, name: 'doc' | 'message' = 'doc'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'wsc-doc-'));
  const file = join(dir, `${name}.md`);
  await writeFile(file, body, { mode: 0o600 });
  return file;
}
