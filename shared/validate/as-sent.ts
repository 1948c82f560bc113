/**
 * The answers as the service sent them, for `--json`: the boundary check fills placeholders in
 * place (a missing `author` becomes "unknown author"), which is right for drawing and wrong for a
 * script reading the service's answer. While keeping is on (a command run with --json), each checked
 * answer is paired with a copy taken before the check, object by object, and `asSent` leaves out what
 * the check added: every field as sent, unknown and renamed ones included, and no placeholder.
 */
let keeping = false;
const twins = new WeakMap<object, unknown>();

export function keepAnswersAsSent(on = true): void {
  keeping = on;
}

export function keepingAnswersAsSent(): boolean {
  return keeping;
}

/** Pairs each object of the checked answer with the same place in the copy taken before the check. */
export function rememberAsSent(checked: unknown, sent: unknown): void {
  if (checked === null || typeof checked !== 'object' || sent === null || typeof sent !== 'object') return;
  if (Array.isArray(checked)) {
    // Arrays are not paired (a command may sort or filter them in place): their items are.
    if (!Array.isArray(sent)) return;
    checked.forEach((item, i) => rememberAsSent(item, sent[i]));
    return;
  }
  twins.set(checked, sent);
  for (const [key, value] of Object.entries(checked)) {
    if (Object.hasOwn(sent, key)) rememberAsSent(value, (sent as Record<string, unknown>)[key]);
  }
}

/**
 * The value as the service sent it when it is (part of) a checked answer: the fields the check added
 * are left out again, except a null for a field left out (the spec makes the two the same, and a
 * script keeps one shape). Otherwise the value itself.
 */
export function asSent(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const sent = twins.get(value);
  if (sent === undefined || sent === null || typeof sent !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key, v]) => Object.hasOwn(sent, key) || v === null));
}
