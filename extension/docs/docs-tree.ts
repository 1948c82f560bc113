// The Docs view: folders and docs. Clicking a doc runs the tree's open command (the doc as a file).
import * as vscode from 'vscode';
import { docTreeParents, isApiError, type DocListItem } from '../../shared/index';
import type { WscServices } from '../context';
import { docContextValue } from '../context-values';
import { DOC_COMMAND_IDS } from '../ids';
import { GUEST_DOCS } from './doc-messages';
import { docChildren } from './doc-tree-items';

export class DocsTree implements vscode.TreeDataProvider<DocListItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<DocListItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private docs: DocListItem[] | undefined;
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
      this.docs = await client.docs();
    } catch (error) {
      // Guests have no Docs: the service answers 403. Say so in the view instead of an error.
      if (isApiError(error) && error.code === 'permission_required') {
        this.onMessage(GUEST_DOCS);
        this.docs = [];
        return [];
      }
      void this.services.withClient('load the docs', () => Promise.reject(error));
      return [];
    }
    return this.docs;
  }

  async getChildren(element?: DocListItem): Promise<DocListItem[]> {
    if (element && !element.is_folder) return [];
    return docChildren(await this.list(), element?.id ?? null);
  }

  getParent(element: DocListItem): DocListItem | undefined {
    const docs = this.docs ?? [];
    const parent = docTreeParents(docs).get(element.id) ?? null;
    return parent === null ? undefined : docs.find((d) => d.id === parent);
  }

  getTreeItem(doc: DocListItem): vscode.TreeItem {
    const item = new vscode.TreeItem(doc.title, doc.is_folder ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = doc.id;
    item.contextValue = docContextValue({ isFolder: doc.is_folder });
    item.iconPath = doc.is_folder ? vscode.ThemeIcon.Folder : new vscode.ThemeIcon('markdown');
    item.tooltip = `${doc.title}\nUpdated ${new Date(doc.updated_at).toLocaleString()}`;
    if (!doc.is_folder) item.command = { command: DOC_COMMAND_IDS.openDoc, title: 'Open Doc', arguments: [doc] };
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
