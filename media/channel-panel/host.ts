// The webview's one line to the extension host (it never holds a token and never fetches), and what
// it keeps across a reload (VS Code's webview state).
import type { ChannelPanelToHost } from '../../extension/channel-panel/channel-panel-protocol';

interface VsCodeApi {
  postMessage(message: ChannelPanelToHost): void;
  getState(): unknown;
  setState(state: PanelState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

interface PanelState {
  channelId: string | null;
  draft: string;
  threadDraft: string;
  threadRootId: string | null;
}

export const vscode = acquireVsCodeApi();
const saved = vscode.getState() as Partial<PanelState> | undefined;
export const state: PanelState = {
  channelId: saved?.channelId ?? null,
  draft: saved?.draft ?? '',
  threadDraft: saved?.threadDraft ?? '',
  threadRootId: saved?.threadRootId ?? null,
};
export const persist = () => vscode.setState(state);

export function openThread(rootId: string): void {
  vscode.postMessage({ type: 'openThread', rootId });
}
