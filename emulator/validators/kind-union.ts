// A kind-tagged union (automation triggers and actions): an `anyOf` whose every branch names the
// `kind` values it accepts. A refusal by one is explained through the branch of the kind sent.

/** The `kind` values a union's branch accepts (`const` or `enum`), or none when it is not kind-tagged. */
export function kindsOf(branch: unknown): unknown[] {
  const kind = (branch as { properties?: { kind?: { const?: unknown; enum?: unknown[] } } } | undefined)?.properties?.kind;
  return kind === undefined ? [] : kind.const !== undefined ? [kind.const] : (kind.enum ?? []);
}

export function isKindUnion(branches: unknown): branches is object[] {
  return Array.isArray(branches) && branches.length > 0 && branches.every((b) => kindsOf(b).length > 0);
}
