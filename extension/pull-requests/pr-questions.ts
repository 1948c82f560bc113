// What the pull-request commands ask and tell the person, as an interface: vscode-prompts.ts answers
// it with quick inputs and notifications, unit tests with scripted answers.
import type { TaskRow } from '../../shared/index';

export interface PrUrlQuestion {
  title: string;
  prompt: string;
  value: string;
  /** The message to show for a value, undefined when it is fine. */
  validate(value: string): string | undefined;
}

export interface PrQuestions {
  /** Which of these tasks; resolves to its ref, undefined when cancelled. */
  pickTask(tasks: readonly TaskRow[], placeHolder: string): Promise<string | undefined>;
  /** The pull request's URL; undefined when cancelled. */
  prUrl(question: PrUrlQuestion): Promise<string | undefined>;
  /** Asks a yes/no question with one button; resolves true when it is pressed. */
  confirm(message: string, button: string): Promise<boolean>;
  info(message: string): void;
}
