// What the task commands ask the person, as an interface: vscode-task-questions.ts answers it with
// quick picks and input boxes, unit tests with scripted answers.
export interface PickItem {
  label: string;
  description?: string;
}

export interface TextQuestion {
  title?: string;
  prompt: string;
  value?: string;
}

export interface TaskQuestions {
  /** One of the items (the same object), undefined when cancelled. */
  pick<T extends PickItem>(items: readonly T[], placeHolder: string): Promise<T | undefined>;
  /** Typed text, undefined when cancelled. */
  text(question: TextQuestion): Promise<string | undefined>;
  /** A notification with buttons; resolves to the pressed one. */
  notify(message: string, ...buttons: string[]): Promise<string | undefined>;
}
