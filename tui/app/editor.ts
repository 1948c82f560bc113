// Runs the person's editor ($VISUAL, else $EDITOR, else vi) on a file and waits for it to close.
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function editorCommand(env: NodeJS.ProcessEnv = process.env): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi';
}

/** The editor's exit code (or -1 when it could not start). `$EDITOR` may carry arguments (`code --wait`). */
export function runEditor(file: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const quoted = `'${file.replace(/'/g, `'\\''`)}'`;
    const child = spawn(`${editorCommand(env)} ${quoted}`, { shell: true, stdio: 'inherit', env });
    child.on('error', () => resolve(-1));
    child.on('exit', (code) => resolve(code ?? -1));
  });
}

/** A private temp folder with the doc's text, named after the doc so the editor picks Markdown. */
export async function writeTempDoc(title: string, body: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'wsc-doc-'));
  const name = `${title.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'doc'}.md`;
  const file = join(dir, name);
  await writeFile(file, body, { mode: 0o600 });
  return file;
}
