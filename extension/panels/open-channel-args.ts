// Kept only for extension/mentions/index.ts, whose owner moves its import to
// ../channel-panel/open-channel-args; then delete this file.
export type { OpenChannelArgs } from '../channel-panel/open-channel-args';
