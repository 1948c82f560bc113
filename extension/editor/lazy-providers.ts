// The providers VS Code holds from sign-in. Finding references, hover cards, completion and the
// TODO actions load at the first call, not with the extension.
import type * as vscode from 'vscode';
import type { ReferenceContext, ReferenceProviders } from './reference-providers';
import type { TodoActionProvider } from './todo-actions';

export const loadEditorCode = () => import('./editor-code');

export class LazyReferenceProviders implements vscode.HoverProvider, vscode.DocumentLinkProvider, vscode.CompletionItemProvider {
  #providers: Promise<ReferenceProviders> | undefined;

  constructor(private readonly context: ReferenceContext) {}

  #load(): Promise<ReferenceProviders> {
    return (this.#providers ??= loadEditorCode().then((code) => new code.ReferenceProviders(this.context)));
  }

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    return (await this.#load()).provideHover(document, position, token);
  }

  async provideDocumentLinks(document: vscode.TextDocument, token: vscode.CancellationToken): Promise<vscode.DocumentLink[] | undefined> {
    return (await this.#load()).provideDocumentLinks(document, token);
  }

  async provideCompletionItems(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.CompletionItem[] | undefined> {
    return (await this.#load()).provideCompletionItems(document, position, token);
  }
}

export class LazyTodoActionProvider implements vscode.CodeActionProvider {
  #provider: Promise<TodoActionProvider> | undefined;

  async provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection): Promise<vscode.CodeAction[]> {
    const provider = await (this.#provider ??= loadEditorCode().then((code) => new code.TodoActionProvider()));
    return provider.provideCodeActions(document, range);
  }
}
