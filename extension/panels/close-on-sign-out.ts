/**
 * Signing out (or switching to another account) closes the tabs that show workspace content:
 * channel, timeline, automations and channel-settings panels, doc editors and conflict diffs. A
 * doc editor with unsaved text stays open (closing it would ask to save to a service the person
 * just left, or drop the text).
 */
import * as vscode from 'vscode';
import type { SessionState } from '../auth/auth-session';
import type { WscServices } from '../context';
import { DOC_SCHEME } from '../docs/doc-uri';
import { VERSION_SCHEME } from '../docs/doc-conflict-ui';
import { WEBVIEW_VIEW_TYPES } from '../ids';

const PANEL_TYPES: readonly string[] = Object.values(WEBVIEW_VIEW_TYPES);

/** True for a tab that shows workspace content and can close without losing anything. */
export function isWorkspaceTab(tab: vscode.Tab): boolean {
  const input = tab.input;
  // Extension webviews carry the view type with a workbench prefix (`mainThreadWebview-wsc.channelPanel`).
  if (input instanceof vscode.TabInputWebview) return PANEL_TYPES.some((type) => input.viewType === type || input.viewType.endsWith(`-${type}`));
  if (input instanceof vscode.TabInputText) return input.uri.scheme === DOC_SCHEME && !tab.isDirty;
  if (input instanceof vscode.TabInputTextDiff) return [input.original.scheme, input.modified.scheme].some((s) => s === VERSION_SCHEME || s === DOC_SCHEME) && !tab.isDirty;
  return false;
}

export async function closeWorkspaceTabs(): Promise<void> {
  const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter(isWorkspaceTab);
  if (tabs.length > 0) await vscode.window.tabGroups.close(tabs);
}

export function registerCloseOnSignOut(services: WscServices): void {
  // Switching to another account closes them too: a panel of one account must not act as the other.
  const accountOf = (state: SessionState) => (state.kind === 'signedIn' ? `${state.serviceUrl}#${state.identity.workspaceId}/${state.identity.userId}` : undefined);
  let account = services.auth.client() ? accountOf(services.auth.state) : undefined;
  services.register(
    services.onDidChangeSession((state) => {
      const previous = account;
      account = accountOf(state);
      if (previous && previous !== account) void closeWorkspaceTabs();
    }),
  );
}
