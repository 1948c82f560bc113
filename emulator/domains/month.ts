// The budget month (`YYYY-MM`, UTC) of a service-clock instant.
export function budgetMonth(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 7);
}
