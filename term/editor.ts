// Opening a file in the person's editor ($VISUAL, else $EDITOR, else vi), as git does: through the
// shell, so an editor setting with arguments (`code --wait`) works.
import { spawn } from 'node:child_process';
import { CliError } from './cli-error';

export function editorCommand(env: NodeJS.ProcessEnv = process.env): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi';
}

export function openInEditor(file: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const editor = editorCommand(env);
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', `${editor} "$1"`, 'wsc-editor', file], { stdio: 'inherit', env });
    child.once('error', (error) => reject(new CliError('editor_failed', `Could not start the editor '${editor}': ${error.message}`, 'Set EDITOR to an editor command, e.g. EDITOR=nano.')));
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new CliError('editor_failed', `The editor '${editor}' exited with ${signal ?? `code ${code}`}.`, `Your text is kept in ${file}.`));
    });
  });
}
