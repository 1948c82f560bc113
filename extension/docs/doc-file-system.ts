/**
 * `wsc-doc:/<title>.md?id=<docId>`: every doc as a real file, so the Markdown editor, preview,
 * outline and the rest work on it. Reads record the version the editor holds; writes go through
 * the compare-and-set save flow. A save whose text the extension keeps and answers with its own
 * one notification (a conflict: the text is in the persisted conflict record, the merge prompt
 * shows; a rules-file pull request: the proposal is the success) ends as a successful write, so
 * VS Code shows no second "Failed to save" whose Revert would drop the text. Any other refusal
 * ends at once with an error that says what happened and what to do (never an error class name):
 * VS Code then shows "Failed to save", keeps the editor dirty and starts the next save afresh. A
 * write is never held open to keep VS Code quiet: a save still writing blocks every later save.
 */
import * as vscode from 'vscode';
import { isApiError, type Client, type Doc } from '../../shared/index';
import type { DocSaveFlow, DocSaveOutcome } from './doc-save-flow';
import { guestDocs, notSavedSuperseded, unresolvedMarkers } from './doc-messages';
import { parseDocUri } from './doc-uri';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface DocFileSystemHooks {
  /** The signed-in client (throws a clear "sign in" error otherwise). */
  client(): Client;
  /** Called after each save attempt; the UI reacts to conflicts and pull requests here. */
  onSaveOutcome(docId: string, title: string, outcome: DocSaveOutcome, uri: vscode.Uri): void;
}

/**
 * A refused write as VS Code shows it: "Failed to save 'x': Unable to write file '…' (<text>)".
 * VS Code prints the error's name before its message, and a FileSystemError's name is its class
 * ("Unknown (FileSystemError)"); an error without a name shows only the text the person needs.
 */
export function saveRefusal(text: string): Error {
  const error = new Error(text);
  error.name = '';
  return error;
}

/** What a failed save says: what happened and what to do, from the service's message and hint. */
export function saveFailureText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 403 && error.code === 'permission_required' && /guest/i.test(`${error.message} ${error.hint}`)) return guestDocs();
    if (error.code === 'not_found') return vscode.l10n.t('Not saved: this doc no longer exists on the service (deleted or moved out of reach). Copy your text elsewhere with "Save As…", then close the editor.');
    return vscode.l10n.t('Not saved: {0}', `${error.message} ${error.hint}`.trim());
  }
  const text = error instanceof Error ? error.message : String(error);
  const hint = (error as { hint?: unknown } | undefined)?.hint;
  return vscode.l10n.t('Not saved: {0}', typeof hint === 'string' ? `${text} ${hint}` : text);
}

/** An API failure as the FileSystemError VS Code shows when reading a doc. */
export function fileSystemError(error: unknown, uri: vscode.Uri): vscode.FileSystemError {
  if (isApiError(error)) {
    if (error.status === 403 && error.code === 'permission_required' && /guest/i.test(`${error.message} ${error.hint}`)) {
      return vscode.FileSystemError.NoPermissions(guestDocs());
    }
    if (error.code === 'not_found') return vscode.FileSystemError.FileNotFound(uri);
    if (error.code === 'permission_required') return vscode.FileSystemError.NoPermissions(`${error.message} ${error.hint}`.trim());
    return new vscode.FileSystemError(`${error.message} ${error.hint}`.trim());
  }
  if (error instanceof vscode.FileSystemError) return error;
  const text = error instanceof Error ? error.message : String(error);
  const hint = (error as { hint?: unknown }).hint;
  return new vscode.FileSystemError(typeof hint === 'string' ? `${text} ${hint}` : text);
}

export class DocFileSystemProvider implements vscode.FileSystemProvider {
  readonly #changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.#changed.event;
  readonly #flow: DocSaveFlow;
  readonly #hooks: DocFileSystemHooks;
  /** What the editor knows of each doc: mtime moves only on our reads and writes (see stat). */
  readonly #known = new Map<string, { mtime: number; ctime: number; size: number; title: string }>();
  /** Writes under way, per URI (a revert must wait for them: VS Code does not re-read while saving). */
  readonly #writing = new Map<string, Promise<unknown>>();

  constructor(flow: DocSaveFlow, hooks: DocFileSystemHooks) {
    this.#flow = flow;
    this.#hooks = hooks;
  }

  /** The title last read for a doc (tab names and prompts). */
  titleOf(docId: string): string | undefined {
    return this.#known.get(docId)?.title;
  }

  watch(): vscode.Disposable {
    // No server push for docs (so onDidChangeFile never fires); changes made elsewhere are caught
    // by compare-and-set at save time.
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const parsed = parseDocUri(uri.path, uri.query);
    if (!parsed) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    // Served from what the editor read, never from a newer server version: VS Code would
    // otherwise refuse the save as "file is newer" before our compare-and-set flow could merge.
    const known = this.#known.get(parsed.docId);
    if (known) return { type: vscode.FileType.File, ctime: known.ctime, mtime: known.mtime, size: known.size };
    const doc = await this.#get(parsed.docId, uri);
    if (doc.is_folder) return { type: vscode.FileType.Directory, ctime: Date.parse(doc.created_at), mtime: Date.parse(doc.updated_at), size: 0 };
    return this.#remember(doc);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const parsed = parseDocUri(uri.path, uri.query);
    if (!parsed) throw vscode.FileSystemError.FileIsADirectory(uri);
    const doc = await this.#get(parsed.docId, uri);
    if (doc.is_folder) throw vscode.FileSystemError.FileIsADirectory(uri);
    this.#flow.opened(doc.id, { body: doc.body, updated_at: doc.updated_at });
    // VS Code takes the file's mtime from the stat it makes just before this read. Moving the mtime
    // here (to a newer version read by a revert or a reopen) would make the next stat newer than
    // what the editor recorded, and VS Code would refuse the next save as "the file is newer"
    // before our compare-and-set could run (so "keep mine" after a reload would fail).
    this.#remember(doc, { keepMtime: true });
    return encoder.encode(doc.body);
  }

  /** True while a write of `uri` is under way. */
  isWriting(uri: vscode.Uri): boolean {
    return this.#writing.has(uri.toString());
  }

  /** Resolves once no write of `uri` is under way. */
  async writesDone(uri: vscode.Uri): Promise<void> {
    for (let w = this.#writing.get(uri.toString()); w; w = this.#writing.get(uri.toString())) await w.then(undefined, () => undefined);
  }

  writeFile(uri: vscode.Uri, content: Uint8Array, options: { create: boolean; overwrite: boolean }): Promise<void> {
    const key = uri.toString();
    const write = this.#write(uri, content, options);
    this.#writing.set(key, write);
    const forget = () => {
      if (this.#writing.get(key) === write) this.#writing.delete(key);
    };
    write.then(forget, forget);
    return write;
  }

  async #write(uri: vscode.Uri, content: Uint8Array, options: { create: boolean; overwrite: boolean }): Promise<void> {
    const parsed = parseDocUri(uri.path, uri.query);
    if (!parsed) throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Create docs with "Workspace: New Doc".'));
    if (!this.#known.has(parsed.docId) && options.create && !options.overwrite) {
      throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Create docs with "Workspace: New Doc"; this one does not exist yet.'));
    }
    const title = this.#known.get(parsed.docId)?.title ?? parsed.fileName.replace(/\.md$/i, '');
    const text = decoder.decode(content);
    const outcome = await this.#flow.save(parsed.docId, title, text);
    this.#hooks.onSaveOutcome(parsed.docId, title, outcome, uri);
    switch (outcome.kind) {
      case 'saved':
      case 'unchanged':
      case 'queued':
      case 'pull_request':
      case 'needs_resolution': {
        // Queued: the text is safe in the outbox (sent when the service is back). A pull request:
        // the proposal is the success (its notice says the doc changes when it merges). A conflict:
        // the text is in the persisted conflict record and the merge prompt is the one notification;
        // a refused write would add VS Code's "Failed to save" (whose Revert drops the text).
        const known = this.#known.get(parsed.docId);
        const mtime = Math.max(outcome.kind === 'saved' || outcome.kind === 'unchanged' ? Date.parse(outcome.updated_at) || 0 : 0, (known?.mtime ?? 0) + 1);
        this.#known.set(parsed.docId, { mtime, ctime: known?.ctime ?? mtime, size: content.byteLength, title });
        // No change event for our own write: one arriving while VS Code finishes the save can make
        // it report the save as failed and keep the editor dirty.
        return;
      }
      case 'unresolved_markers':
        throw saveRefusal(unresolvedMarkers());
      case 'superseded':
        throw saveRefusal(notSavedSuperseded(title, outcome.choice === 'keep_mine' ? 'take_merged' : outcome.choice));
      case 'unconfirmed':
        // Kept dirty on purpose: nothing is lost if the save did not land after all.
        throw saveRefusal(`"${title}" was sent and accepted, but the service's answer was not understood. Reopen the doc to check what it holds; your text stays in this editor.`);
      case 'failed':
        throw saveRefusal(saveFailureText(outcome.error));
    }
  }

  /**
   * Saves `text` of an editor VS Code holds as saved (it would not write a clean editor): the
   * text a conflict choice keeps. The mtime VS Code recorded stays, so its next save is not
   * refused as "the file is newer".
   */
  async saveKept(uri: vscode.Uri, text: string): Promise<DocSaveOutcome> {
    await this.writesDone(uri);
    const parsed = parseDocUri(uri.path, uri.query);
    if (!parsed) return { kind: 'failed', error: new Error('Not a doc.') };
    const title = this.#known.get(parsed.docId)?.title ?? parsed.fileName.replace(/\.md$/i, '');
    const outcome = await this.#flow.save(parsed.docId, title, text);
    this.#hooks.onSaveOutcome(parsed.docId, title, outcome, uri);
    return outcome;
  }

  readDirectory(): [string, vscode.FileType][] {
    // Docs are browsed in the Docs view; the scheme is not a folder tree of its own.
    return [];
  }

  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Create doc folders from the Docs view ("New Folder").'));
  }

  delete(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Delete docs from the Docs view; it asks for the confirmation phrase.'));
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Rename or move docs from the Docs view.'));
  }

  async #get(docId: string, uri: vscode.Uri): Promise<Doc> {
    try {
      return await this.#hooks.client().getDoc(docId);
    } catch (error) {
      throw fileSystemError(error, uri);
    }
  }

  #remember(doc: Doc, options: { keepMtime?: boolean } = {}): vscode.FileStat {
    const previous = this.#known.get(doc.id);
    const mtime = previous && options.keepMtime ? previous.mtime : Math.max(Date.parse(doc.updated_at) || 0, previous ? previous.mtime : 0);
    const ctime = previous && options.keepMtime ? previous.ctime : Date.parse(doc.created_at) || mtime;
    const entry = { mtime, ctime, size: encoder.encode(doc.body).byteLength, title: doc.title };
    this.#known.set(doc.id, entry);
    return { type: vscode.FileType.File, ctime: entry.ctime, mtime: entry.mtime, size: entry.size };
  }
}
