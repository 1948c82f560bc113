// The Tasks tree's filter question without vscode: mine, epic, channel, kind, text, or clear all.
import { roomLabel, type Channel, type TaskRow } from '../../shared/index';
import type { TaskFilters } from './task-items';
import type { Questions } from '../questions';
import { l10n } from '../l10n';

export interface FilterSources {
  epicTitle(epicId: string): string | undefined;
  /** The epics to pick from; undefined after the failure was shown. */
  epics(): Promise<TaskRow[] | undefined>;
  channels(): Promise<Channel[]>;
  /** The reader's name, so a DM is labelled by the others in it. */
  selfName?(): string | undefined;
}

/** The filters chosen, or undefined when cancelled. */
export async function chooseFilters(current: TaskFilters, ask: Questions, sources: FilterSources): Promise<TaskFilters | undefined> {
  const choices: { label: string; description?: string; apply: () => Promise<TaskFilters | undefined> }[] = [
    { label: current.mine ? `$(check) ${l10n.t('Mine only')}` : l10n.t('Mine only'), apply: async () => ({ ...current, mine: !current.mine }) },
    {
      label: l10n.t('Epic…'),
      description: current.epicId ? sources.epicTitle(current.epicId) : undefined,
      apply: async () => {
        const epics = (await sources.epics()) ?? [];
        const pick = await ask.pick([{ label: l10n.t('Any epic'), id: undefined as string | undefined }, ...epics.map((e) => ({ label: `${e.ref} ${e.title}`, id: e.id as string | undefined }))], l10n.t('Epic'));
        return pick ? { ...current, epicId: pick.id } : undefined;
      },
    },
    {
      label: l10n.t('Channel…'),
      apply: async () => {
        const list = await sources.channels();
        const pick = await ask.pick([{ label: l10n.t('Any channel'), id: undefined as string | undefined }, ...list.map((c) => ({ label: roomLabel(c, sources.selfName?.()), id: c.id as string | undefined }))], l10n.t('Channel'));
        return pick ? { ...current, channelId: pick.id } : undefined;
      },
    },
    {
      label: l10n.t('Kind…'),
      apply: async () => {
        const pick = await ask.pick([{ label: l10n.t('Any'), kind: undefined }, { label: l10n.t('Tasks'), kind: 'task' as const }, { label: l10n.t('Epics'), kind: 'epic' as const }], l10n.t('Kind'));
        return pick ? { ...current, kind: pick.kind } : undefined;
      },
    },
    {
      label: l10n.t('Text…'),
      description: current.text,
      apply: async () => {
        const text = await ask.text({ prompt: l10n.t('Show tasks whose title or description contains'), value: current.text ?? '' });
        return text === undefined ? undefined : { ...current, text: text.trim() || undefined };
      },
    },
    { label: l10n.t('Clear all filters'), apply: async () => ({}) },
  ];
  const choice = await ask.pick(choices, l10n.t('Filter tasks'));
  return choice?.apply();
}
