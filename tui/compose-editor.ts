// Ctrl+G in the compose box: the draft goes to $EDITOR in a private temp file and comes back as
// the new draft (the UI is suspended meanwhile); the file is removed once read.
import { readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { openInEditor, writeTempDoc } from '../term/editor';
import type { Ui } from './ui-context';

export async function editDraftInEditor(ui: Pick<Ui, 'withTerminalSuspended' | 'showError'>, text: string): Promise<string | null> {
  let file: string | null = null;
  try {
    file = await writeTempDoc(text, 'message');
    const path = file;
    await ui.withTerminalSuspended(() => openInEditor(path));
    // Editors end the file with a newline; a message does not.
    const edited = (await readFile(path, 'utf8')).replace(/\n+$/, '');
    return edited === text ? null : edited;
  } catch (error) {
    ui.showError(error, 'edit the message in $EDITOR');
    return null;
  } finally {
    if (file !== null) await rm(dirname(file), { recursive: true, force: true });
  }
}
