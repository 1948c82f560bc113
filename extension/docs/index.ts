// Docs: the folder tree, a read-only Markdown preview, and docs as files (the file system provider,
// compare-and-set saves, conflicts and the doc commands).
import * as vscode from 'vscode';
import type { DocListItem } from '../../shared/index';
import type { WscServices } from '../context';
import { COMMAND_IDS, VIEWS } from '../ids';
import { registerDocEditing, type DocEditingFeature } from './doc-editing';
import { DocsTree } from './docs-tree';

export interface DocsFeature {
  tree: DocsTree;
  view: vscode.TreeView<DocListItem>;
  /** Docs as wsc-doc files, saves, conflicts, doc commands. */
  editing: DocEditingFeature;
}

const PREVIEW_SCHEME = 'wsc-doc-preview';

export function registerDocs(services: WscServices): DocsFeature {
  const tree = new DocsTree(services);
  const view = vscode.window.createTreeView(VIEWS.docs, { treeDataProvider: tree, showCollapseAll: true });
  tree.onMessage = (message) => (view.message = message);
  const editing = registerDocEditing(services, () => tree.refresh());

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
