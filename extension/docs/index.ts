// Docs view (folder tree) and a read-only Markdown preview; issue 6 adds the file system
// provider, editing and conflicts (register them here and point tree.openCommand at the opener).
import * as vscode from 'vscode';
import type { DocListItem } from '../../shared/index';
import type { WscServices } from '../context';
import { COMMAND_IDS, DOC_COMMAND_IDS, VIEWS } from '../ids';
import { registerDocEditing, type DocEditingFeature } from './doc-editing';
import { DocsTree } from './docs-tree';

export interface DocsFeature {
  tree: DocsTree;
  view: vscode.TreeView<DocListItem>;
  /** Issue 6: docs as wsc-doc files, saves, conflicts, doc commands. */
  editing: DocEditingFeature;
}

const PREVIEW_SCHEME = 'wsc-doc-preview';

export function registerDocs(services: WscServices): DocsFeature {
  const tree = new DocsTree(services);
  const view = vscode.window.createTreeView(VIEWS.docs, { treeDataProvider: tree, showCollapseAll: true });
  tree.onMessage = (message) => (view.message = message);
  const editing = registerDocEditing(services, () => tree.refresh());
  tree.openCommand = DOC_COMMAND_IDS.openDoc;

  const preview: vscode.TextDocumentContentProvider = {
    async provideTextDocumentContent(uri) {
      const id = uri.query;
      const doc = await services.withClient('open the doc', (client) => client.getDoc(id));
      return doc ? doc.body : '_This doc could not be loaded. See the Workspace log._';
    },
  };

  services.register(
    tree,
    view,
    vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, preview),
    vscode.commands.registerCommand(COMMAND_IDS.refreshDocs, () => tree.refresh()),
    vscode.commands.registerCommand(COMMAND_IDS.previewDoc, async (doc: DocListItem) => {
      if (!doc || typeof doc.id !== 'string') return;
      const safeTitle = doc.title.replace(/[\\/:*?"<>|]+/g, '-').slice(0, 80) || 'doc';
      const uri = vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: `/${safeTitle}.md`, query: doc.id });
      await vscode.commands.executeCommand('markdown.showPreview', uri);
    }),
  );
  return { tree, view, editing };
}
