// Where a webview's files live and how it is allowed to load them (vscode side of html.ts).
import * as vscode from 'vscode';
import { buildWebviewHtml } from './html';

/** localResourceRoots for every panel: only dist/media and media (css, codicons). */
export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'media'), vscode.Uri.joinPath(extensionUri, 'media')],
    retainContextWhenHidden: false,
  };
}

/**
 * The HTML of a panel whose script is media/<name>.ts (bundled to dist/media/<name>.js) and whose
 * styles are media/webview-common.css (theme colours) + media/<name>.css + dist/media/codicon.css.
 */
export function panelHtml(webview: vscode.Webview, extensionUri: vscode.Uri, name: string, title: string): string {
  const uri = (...parts: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...parts)).toString();
  return buildWebviewHtml({
    cspSource: webview.cspSource,
    title,
    styles: [uri('dist', 'media', 'codicon.css'), uri('media', 'webview-common.css'), uri('media', `${name}.css`)],
    scripts: [uri('dist', 'media', `${name}.js`)],
  });
}
