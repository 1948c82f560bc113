// Every command's handler, by name.
import type { CommandHandler } from './command';
import { artifactCommands } from './commands/artifacts';
import { channelCommands } from './commands/channels';
import { dispatchCommands } from './commands/dispatch';
import { docCommands } from './commands/docs';
import { founderCommands } from './commands/founder';
import { messageCommands } from './commands/messages';
import { onboardingCommands } from './commands/onboarding';
import { statusCommands } from './commands/status';
import { taskCommands } from './commands/tasks';
import { workspaceCommands } from './commands/workspace';

export const HANDLERS: Readonly<Record<string, CommandHandler>> = {
  ...workspaceCommands,
  ...channelCommands,
  ...statusCommands,
  ...artifactCommands,
  ...messageCommands,
  ...docCommands,
  ...taskCommands,
  ...founderCommands,
  ...onboardingCommands,
  ...dispatchCommands,
};
