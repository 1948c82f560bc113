// The Docs view: folders and docs. Clicking a doc runs the tree's open command (the doc as a file).
// The tree holds one answer of the service at its most (GET /docs has no folder filter or cursor);
// when that may be cut, folders say they may hold more and the tree ends with "More… narrow or
// search", which opens Find Doc (a search of every doc).
import * as vscode from 'vscode';
import { docTreeParents, isApiError, listNotesText, loadWholeDocs, type DocListItem } from '../../shared/index';
import type { WscServices } from '../context';
import { docContextValue, MORE_CONTEXT } from '../context-values';
import { DOC_COMMAND_IDS } from '../ids';
import { guestDocs } from './doc-messages';
import { DOC_MORE, docChildren, isDocMore, type DocNode } from './doc-tree-items';

export class DocsTree implements vscode.TreeDataProvider<DocNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<DocNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private docs: DocListItem[] | undefined;
  /** The last answer may have been cut: folders may be missing children. */
  truncated = false;
  private loading: Promise<DocListItem[]> | undefined;
  private readonly subscription: vscode.Disposable;
  /** Shows a message at the top of the view (undefined clears it); set by registerDocs. */
  onMessage: (message: string | undefined) => void = () => undefined;

  constructor(private readonly services: WscServices) {
    this.subscription = services.onDidChangeSession(() => this.refresh());
  }

  refresh(): void {
    this.docs = undefined;
    this.loading = undefined;
    this.changed.fire(undefined);
  }

  async list(): Promise<DocListItem[]> {
    if (this.docs) return this.docs;
    this.loading ??= this.load();
    return this.loading;
  }

  private async load(): Promise<DocListItem[]> {
    const client = this.services.auth.client();
    this.onMessage(undefined);
    if (!client) return [];
    try {
      const whole = await loadWholeDocs(client);
      this.docs = whole.docs;
      this.truncated = whole.truncated;
      this.onMessage(listNotesText(whole) ?? undefined);
    } catch (error) {
      // Nothing is listed, so nothing is cut (a list of another account may have been).
      this.truncated = false;
      // Guests have no Docs: the service answers 403. Say so in the view instead of an error.
      if (isApiError(error) && error.code === 'permission_required') {
        this.onMessage(guestDocs());
        this.docs = [];
        return [];
      }
      void this.services.withClient(vscode.l10n.t('Could not load the docs'), () => Promise.reject(error));
      return [];
    }
    return this.docs;
  }

  async getChildren(element?: DocNode): Promise<DocNode[]> {
    if (isDocMore(element) || (element && !element.is_folder)) return [];
    const children: DocNode[] = docChildren(await this.list(), element?.id ?? null);
    return element === undefined && this.truncated ? [...children, DOC_MORE] : children;
  }

  getParent(element: DocNode): DocListItem | undefined {
    if (isDocMore(element)) return undefined;
    const docs = this.docs ?? [];
    const parent = docTreeParents(docs).get(element.id) ?? null;
    return parent === null ? undefined : docs.find((d) => d.id === parent);
  }

  getTreeItem(doc: DocNode): vscode.TreeItem {
    if (isDocMore(doc)) {
      const item = new vscode.TreeItem(vscode.l10n.t('More… narrow or search'), vscode.TreeItemCollapsibleState.None);
      item.id = 'docs:more';
      item.description = vscode.l10n.t('the service answers a limited number of docs');
      item.tooltip = vscode.l10n.t('The service lists a limited number of docs at once, so folders may be missing some. Find Doc searches every doc by title and text.');
      item.iconPath = new vscode.ThemeIcon('search');
      item.contextValue = MORE_CONTEXT;
      item.command = { command: DOC_COMMAND_IDS.findDoc, title: 'Find Doc…' };
      return item;
    }
    const item = new vscode.TreeItem(doc.title, doc.is_folder ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = doc.id;
    item.contextValue = docContextValue({ isFolder: doc.is_folder });
    item.iconPath = doc.is_folder ? vscode.ThemeIcon.Folder : new vscode.ThemeIcon('markdown');
    if (doc.is_folder && this.truncated) item.description = vscode.l10n.t('may be incomplete');
    const updated = new Date(doc.updated_at).toLocaleString();
    item.tooltip =
      doc.is_folder && this.truncated
        ? vscode.l10n.t('{0}\nUpdated {1}\nThis folder may hold more docs than shown: Find Doc searches them all.', doc.title, updated)
        : vscode.l10n.t('{0}\nUpdated {1}', doc.title, updated);
    if (!doc.is_folder) item.command = { command: DOC_COMMAND_IDS.openDoc, title: 'Open Doc', arguments: [doc] };
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
