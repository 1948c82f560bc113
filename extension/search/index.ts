// wsc.search (quick pick over GET /search) and wsc.openMessageLink (a pasted link opens in its panel).
import * as vscode from 'vscode';
import type { ChannelsFeature } from '../channels/index';
import type { WscServices } from '../context';
import { COMMAND_IDS } from '../ids';
import { openMessageLink } from './open-message-link';
import { showSearch } from './search-pick';
import { searchQueryArg } from './search-results';

export function registerSearch(services: WscServices, channels: ChannelsFeature): void {
  services.register(
    vscode.commands.registerCommand(COMMAND_IDS.search, (arg?: unknown) => showSearch(services, channels, searchQueryArg(arg))),
    vscode.commands.registerCommand(COMMAND_IDS.openMessageLink, (arg?: unknown) => openMessageLink(services, arg)),
  );
}
