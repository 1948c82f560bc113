// Scripted answers to extension/questions.ts for the vscode-free command flows: picks by label and
// typed texts, each in order (undefined = cancelled); records what was offered, asked and said.
import type { PickItem, Questions, TextQuestion } from '../../extension/questions';

export interface ScriptedQuestions {
  ask: Questions;
  offered: { placeHolder: string; items: PickItem[] }[];
  asked: TextQuestion[];
  notified: string[];
}

export function scripted(picks: (string | undefined)[] = [], texts: (string | undefined)[] = []): ScriptedQuestions {
  const offered: ScriptedQuestions['offered'] = [];
  const asked: TextQuestion[] = [];
  const notified: string[] = [];
  const ask: Questions = {
    pick: async <T extends PickItem>(items: readonly T[], placeHolder: string) => {
      offered.push({ placeHolder, items: [...items] });
      const label = picks.shift();
      return label === undefined ? undefined : items.find((i) => i.label === label);
    },
    text: async (q) => (asked.push(q), texts.shift()),
    notify: async (m) => (notified.push(m), undefined),
  };
  return { ask, offered, asked, notified };
}
