// The message shape between a suite test (inside the extension host) and the runner's webview
// driver (test/extension/harness/webview-driver.ts): a request is one console line starting with
// DRIVER_MARKER; the runner writes the answer as JSON to the file the request names.

export const DRIVER_MARKER = '[wsc-webview-driver] ';

/** The title that names the workbench itself (its notifications, its trees) instead of a webview. */
export const WORKBENCH_FRAME = '(workbench)';

export type DriverStep =
  | { op: 'axe'; tags: string[] }
  | { op: 'eval'; expression: string }
  | { op: 'focus'; selector: string }
  | { op: 'click'; selector: string }
  | { op: 'press'; key: string; selector?: string }
  | { op: 'type'; text: string };

export interface DriverRequest {
  /** The webview's document title (each panel sets its own), or WORKBENCH_FRAME. */
  title: string;
  steps: DriverStep[];
  answerFile: string;
}

/** One result per step, or what went wrong. */
export type DriverAnswer = { results: unknown[]; error?: undefined } | { error: string; results?: undefined };

/** What the 'axe' step answers: one entry per violated rule. */
export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; summary: string }[];
}
