export { ConfigError } from './config-error';
export { configDir, stateDir, stateFileName, profilesPath, cursorPath, formerCursorPath, type Env } from './paths';
export { readPrivateFile, writePrivateFileAtomic, ensurePrivateDir } from './private-file';
export { ProfileStore, PROFILE_NAME_PATTERN, type Profile, type ProfilesFile, type ProfileSummary } from './profiles';
export {
  resolveConnection,
  describeConnectionSource,
  type ConnectionSource,
  type ResolvedConnection,
  type ResolveOptions,
} from './resolve-connection';
export { MemoryCursorStore, FileCursorStore, type CursorStore } from './cursor-store';
