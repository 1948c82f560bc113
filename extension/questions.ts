// What commands ask the person, as an interface: vscode-questions.ts answers it with quick picks,
// input boxes and notifications, unit tests with scripted answers.
export interface PickItem {
  label: string;
  description?: string;
}

export interface TextQuestion {
  title?: string;
  prompt: string;
  value?: string;
  placeHolder?: string;
  /** A message while the typed text cannot be accepted, undefined when it can. */
  validate?: (value: string) => string | undefined;
}

export interface Questions {
  /** One of the items (the same object), undefined when cancelled. */
  pick<T extends PickItem>(items: readonly T[], placeHolder: string): Promise<T | undefined>;
  /** Typed text, undefined when cancelled. */
  text(question: TextQuestion): Promise<string | undefined>;
  /** A notification with buttons; resolves to the pressed one. */
  notify(message: string, ...buttons: string[]): Promise<string | undefined>;
}
