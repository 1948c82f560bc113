import * as vscode from 'vscode';
import { SETTINGS } from './ids';

export interface WscConfig {
  /** The service's base address without a trailing slash; '' when not set. */
  serviceUrl: string;
  /** Sent as x-service-client (the 'via' marker on posts). */
  clientName: string;
  /** No mention notifications while a debug session runs (the count still updates). */
  quietDuringDebug: boolean;
}

export const DEFAULT_CLIENT_NAME = 'vscode';

export function readConfig(): WscConfig {
  const c = vscode.workspace.getConfiguration(SETTINGS.section);
  return {
    serviceUrl: (c.get<string>(SETTINGS.serviceUrl) ?? '').trim().replace(/\/+$/, ''),
    clientName: (c.get<string>(SETTINGS.clientName) ?? '').trim() || DEFAULT_CLIENT_NAME,
    quietDuringDebug: c.get<boolean>(SETTINGS.quietDuringDebug) ?? false,
  };
}

/** Writes wsc.serviceUrl to the user settings (or the workspace's, when it is set there). */
export async function writeServiceUrl(url: string): Promise<void> {
  const c = vscode.workspace.getConfiguration(SETTINGS.section);
  const inspected = c.inspect<string>(SETTINGS.serviceUrl);
  const target =
    inspected?.workspaceValue !== undefined ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await c.update(SETTINGS.serviceUrl, url, target);
}

export function affectsConnection(e: vscode.ConfigurationChangeEvent): boolean {
  return (
    e.affectsConfiguration(`${SETTINGS.section}.${SETTINGS.serviceUrl}`) ||
    e.affectsConfiguration(`${SETTINGS.section}.${SETTINGS.clientName}`)
  );
}
