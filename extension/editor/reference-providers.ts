/**
 * Hovers, document links and completion for T-refs, @handles and message links. Each answers from
 * the per-account ReferenceCache (no request per keystroke), gives up when its cancellation token
 * fires, and shows nothing for what the service does not know. In code files only comments and
 * strings count (comment-scope.ts); completion only in comments, and not at all when
 * `wsc.completion.inCode` is off.
 */
import * as vscode from 'vscode';
import { commitMessageWithRef, completionPrefixAt, findReferences, type CommitRefMode } from '../../shared/index';
import { COMMAND_IDS, EDITOR_COMMAND_IDS, EDITOR_SETTINGS, SETTINGS } from '../ids';
import { completionAt, type CompletionEntry } from './completion-entries';
import { isProse, scopeAt, scopeRanges, type ScopeRange } from './comment-scope';
import { hoverCardAt } from './hover-content';
import { CARD_COMMANDS } from './reference-cards';
import { unlessCancelled, type ReferenceCache } from './reference-cache';


/** Longest document the link provider scans (bigger ones get no links). */
const LINK_SCAN_LIMIT = 1_000_000;

export interface ReferenceContext {
  cache(): ReferenceCache | undefined;
  /** The T-ref the current branch names, for the commit message box. */
  branchRef(): Promise<string | null>;
}

function cancellable<T>(value: Promise<T>, token: vscode.CancellationToken): Promise<T | undefined> {
  return unlessCancelled(value, (listener) => token.onCancellationRequested(listener), () => token.isCancellationRequested);
}

function isMarkdown(document: vscode.TextDocument): boolean {
  return document.languageId === 'markdown' || document.uri.scheme === 'wsc-doc';
}

/** Comment and string ranges per document version (the scan is linear; hovers and links reuse it). */
class ScopeIndex {
  readonly #byUri = new Map<string, { version: number; ranges: ScopeRange[] }>();

  ranges(document: vscode.TextDocument): ScopeRange[] {
    const key = document.uri.toString();
    const held = this.#byUri.get(key);
    if (held && held.version === document.version) return held.ranges;
    const ranges = scopeRanges(document.getText(), document.languageId);
    if (this.#byUri.size > 20) this.#byUri.clear();
    this.#byUri.set(key, { version: document.version, ranges });
    return ranges;
  }
}

export class ReferenceProviders implements vscode.HoverProvider, vscode.DocumentLinkProvider, vscode.CompletionItemProvider {
  readonly #context: ReferenceContext;
  readonly #scopes = new ScopeIndex();

  constructor(context: ReferenceContext) {
    this.#context = context;
  }

  /** Whether a reference at `offset` counts in this document (code: only inside a comment or string). */
  #counts(document: vscode.TextDocument, offset: number, only?: 'comment'): boolean {
    if (isProse(document.languageId, document.uri.scheme)) return true;
    const kind = scopeAt(this.#scopes.ranges(document), offset);
    return only ? kind === only : kind !== null;
  }

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const cache = this.#context.cache();
    if (!cache) return undefined;
    const markdown = isMarkdown(document);
    // Markdown needs the whole text to know fenced code; elsewhere the line is enough.
    const text = markdown ? document.getText() : document.lineAt(position.line).text;
    const base = markdown ? 0 : document.offsetAt(new vscode.Position(position.line, 0));
    const offset = markdown ? document.offsetAt(position) : position.character;
    const card = await cancellable(hoverCardAt(cache, text, offset, { markdown, counts: (start) => this.#counts(document, base + start) }), token);
    if (!card || token.isCancellationRequested) return undefined;
    const content = new vscode.MarkdownString(card.markdown, true);
    content.isTrusted = { enabledCommands: [...CARD_COMMANDS] };
    return new vscode.Hover(content, new vscode.Range(document.positionAt(base + card.reference.start), document.positionAt(base + card.reference.end)));
  }

  provideDocumentLinks(document: vscode.TextDocument, token: vscode.CancellationToken): vscode.DocumentLink[] | undefined {
    if (!this.#context.cache()) return undefined;
    const text = document.getText();
    if (text.length > LINK_SCAN_LIMIT) return undefined;
    const links: vscode.DocumentLink[] = [];
    for (const ref of findReferences(text, { markdown: isMarkdown(document) })) {
      if (token.isCancellationRequested) return undefined;
      if (ref.kind === 'person' || !this.#counts(document, ref.start)) continue;
      const range = new vscode.Range(document.positionAt(ref.start), document.positionAt(ref.end));
      const link =
        ref.kind === 'task'
          ? new vscode.DocumentLink(range, commandUri(EDITOR_COMMAND_IDS.openTask, { ref: ref.ref }))
          : new vscode.DocumentLink(range, commandUri(COMMAND_IDS.openMessageLink, ref.url));
      link.tooltip = ref.kind === 'task' ? vscode.l10n.t('Open {0}', ref.ref) : vscode.l10n.t('Open in channel');
      links.push(link);
    }
    return links;
  }

  async provideCompletionItems(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.CompletionItem[] | undefined> {
    const cache = this.#context.cache();
    if (!cache) return undefined;
    const settings = vscode.workspace.getConfiguration(SETTINGS.section, document.uri);
    const prose = isProse(document.languageId, document.uri.scheme);
    if (!prose && !settings.get<boolean>(EDITOR_SETTINGS.completionInCode, true)) return undefined;
    const before = document.lineAt(position.line).text.slice(0, position.character);
    const prefix = usablePrefix(completionPrefixAt(before, position.character), before, document.languageId, prose);
    // The prefix first: no comment scan for the keystrokes that type no T-, # or @.
    if (!prose && (!prefix || !this.#counts(document, document.offsetAt(position), 'comment'))) return undefined;
    const items: vscode.CompletionItem[] = [];
    if (document.languageId === 'scminput' && (prefix === null || prefix.kind === 'task')) {
      const branchItem = await this.#branchRefItem(document, position, prefix?.start ?? null);
      if (branchItem) items.push(branchItem);
    }
    if (!prefix) return items.length ? items : undefined;
    const found = await cancellable(completionAt(cache, before), token);
    if (!found || token.isCancellationRequested) return items.length ? items : undefined;
    const range = new vscode.Range(position.line, found.start, position.line, position.character);
    const entries = found.entries;
    for (const entry of entries) items.push(completionItem(entry, range));
    return items;
  }

  /** In the commit message box: the branch's T-ref as the setting says (prefix or trailer), offered, never typed for the person. */
  async #branchRefItem(document: vscode.TextDocument, position: vscode.Position, typedStart: number | null): Promise<vscode.CompletionItem | undefined> {
    const mode = vscode.workspace.getConfiguration(SETTINGS.section).get<CommitRefMode>(EDITOR_SETTINGS.commitMessageRef, 'trailer');
    if (mode === 'off') return undefined;
    const ref = await this.#context.branchRef();
    if (!ref) return undefined;
    const whole = document.getText();
    // The typed `T-…` goes away; the ref lands where the setting puts it.
    const typedFrom = typedStart === null ? null : document.offsetAt(new vscode.Position(position.line, typedStart));
    const cursor = document.offsetAt(position);
    const message = typedFrom === null ? whole : whole.slice(0, typedFrom) + whole.slice(cursor);
    const next = commitMessageWithRef(message, ref, mode);
    if (next === message) return undefined;
    const item = new vscode.CompletionItem({ label: ref, description: mode === 'prefix' ? 'this branch’s task, as a prefix' : `this branch’s task, as “Refs: ${ref}”` }, vscode.CompletionItemKind.Reference);
    const full = new vscode.Range(new vscode.Position(0, 0), document.positionAt(whole.length));
    item.textEdit = vscode.TextEdit.replace(full, next);
    item.filterText = whole.slice(0, cursor);
    item.sortText = '0000';
    item.preselect = true;
    item.detail = 'Workspace';
    return item;
  }
}

/**
 * `#` starts a Python or shell comment and a Markdown heading, so it completes tasks only in the
 * commit message box and in prose after other text on the line; in code files only `T-` does.
 */
function usablePrefix<P extends { kind: 'task' | 'person'; start: number }>(prefix: P | null, before: string, languageId: string, prose: boolean): P | null {
  if (!prefix || prefix.kind !== 'task' || before[prefix.start] !== '#' || languageId === 'scminput') return prefix;
  return prose && before.slice(0, prefix.start).trim() !== '' ? prefix : null;
}

function completionItem(entry: CompletionEntry, range: vscode.Range): vscode.CompletionItem {
  const kind = entry.kind === 'task' ? vscode.CompletionItemKind.Reference : vscode.CompletionItemKind.User;
  const item = new vscode.CompletionItem({ label: entry.label, description: entry.description, detail: ` ${entry.detail}` }, kind);
  item.insertText = entry.insertText;
  item.range = range;
  item.sortText = entry.sortText;
  item.filterText = entry.filterText;
  return item;
}

export function commandUri(command: string, arg: unknown): vscode.Uri {
  return vscode.Uri.parse(`command:${command}?${encodeURIComponent(JSON.stringify([arg]))}`);
}
