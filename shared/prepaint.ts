// A narrow entry of the API layer for painting the terminal UI's saved first frame before the UI
// loads (tui/prepaint.ts): how the connection resolves, which account it acts as, where its files
// are, the saved-copy words and the terminal text rules, without the client, the contract's
// schemas or anything else shared/index.ts names. Everything here is also exported by shared/index.ts.
export { resolveConnection, describeConnectionSource, type ResolvedConnection } from './config/resolve-connection';
export { stateDir, stateFileName, type Env as ConfigEnv } from './config/paths';
export { FileCursorStore } from './config/cursor-store';
export { knownAccount } from './offline/known-accounts';
export { offlineAccountFolder, terminalOfflineRoot, type OfflineAccount } from './offline/store-folder';
export { savedAgo } from './offline/saved-ago';
export { compareTimestamps } from './timestamps';
export { roomName, roomLabel, type RoomReader } from './channels/channel-name';
export { sanitizeTerminalLine } from './markdown/sanitize-terminal';
export { term, type SafeText } from './markdown/safe-text';
export { visibleWidth } from './markdown/wrap';
export type { Channel, Identity } from './contract';
