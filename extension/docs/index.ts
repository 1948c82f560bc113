// Docs: the folder tree, a read-only Markdown preview, and docs as files (the file system provider,
// compare-and-set saves, conflicts and the doc commands).
import * as vscode from 'vscode';
import type { DocListItem, WholeDocs } from '../../shared/index';
import type { WscServices } from '../context';
import { COMMAND_IDS, DOC_COMMAND_IDS, VIEWS } from '../ids';
import { registerDocEditing, type DocEditingFeature } from './doc-editing';
import type { OutboxFeature } from '../outbox/index';
import { DocsTree } from './docs-tree';
import type { DocNode } from './doc-tree-items';

export interface DocsFeature {
  tree: DocsTree;
  view: vscode.TreeView<DocNode>;
  /** Docs as wsc-doc files, saves, conflicts, doc commands. */
  editing: DocEditingFeature;
  /** Find Doc's search: every doc matching the text, at the service's most (undefined after the failure was shown). */
  search(q: string): Promise<WholeDocs | undefined>;
}

const PREVIEW_SCHEME = 'wsc-doc-preview';
// Find Doc loads on its first use.
const loadDocFind = () => import('./doc-find');

export function registerDocs(services: WscServices, outbox?: Pick<OutboxFeature, 'current'>): DocsFeature {
  const tree = new DocsTree(services);
  const view = vscode.window.createTreeView(VIEWS.docs, { treeDataProvider: tree, showCollapseAll: true });
  tree.onMessage = (message) => (view.message = message);
  const editing = registerDocEditing(services, () => tree.refresh(), outbox);

  const preview: vscode.TextDocumentContentProvider = {
    async provideTextDocumentContent(uri) {
      const id = uri.query;
      const doc = await services.withClient(vscode.l10n.t('Could not open the doc'), (client) => client.getDoc(id));
      return doc ? doc.body : '_This doc could not be loaded. See the Workspace log._';
    },
  };

  services.register(
    tree,
    view,
    vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, preview),
    vscode.commands.registerCommand(COMMAND_IDS.refreshDocs, () => tree.refresh()),
    vscode.commands.registerCommand(DOC_COMMAND_IDS.findDoc, async () => (await loadDocFind()).findDoc(services, () => tree.list())),
    vscode.commands.registerCommand(COMMAND_IDS.previewDoc, async (doc: DocListItem) => {
      if (!doc || typeof doc.id !== 'string') return;
      const safeTitle = doc.title.replace(/[\\/:*?"<>|]+/g, '-').slice(0, 80) || 'doc';
      const uri = vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: `/${safeTitle}.md`, query: doc.id });
      await vscode.commands.executeCommand('markdown.showPreview', uri);
    }),
  );
  return { tree, view, editing, search: async (q) => (await loadDocFind()).searchDocs(services, q) };
}
