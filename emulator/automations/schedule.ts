// Schedule math on the service clock. Missed occurrences are coalesced: one clock advance that
// crosses several due times fires the automation once (like a scheduler catching up), and the
// next due time is the first one strictly after now.
export function firstDueAt(nowMs: number, everyMinutes: number): number {
  return nowMs + everyMinutes * 60_000;
}

export interface ScheduleStep {
  due: boolean;
  /** Occurrences that fell within the advance (≥ 1 when due). */
  occurrences: number;
  nextDueAt: number;
}

export function stepSchedule(nextDueAt: number, nowMs: number, everyMinutes: number): ScheduleStep {
  if (nowMs < nextDueAt) return { due: false, occurrences: 0, nextDueAt };
  const period = everyMinutes * 60_000;
  const occurrences = Math.floor((nowMs - nextDueAt) / period) + 1;
  return { due: true, occurrences, nextDueAt: nextDueAt + occurrences * period };
}
