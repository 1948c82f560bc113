// What the Channels view last drew of each row, so a live mark (unread, mention, muted) refreshes
// only the rows it changed, and one refresh for a burst of marks (vscode-free). A refresh of the
// whole tree re-creates every row's command while the tree updates; a click landing then runs a
// command VS Code has already dropped ("Actual command not found"), so marks never do that.

/** Each row's look as VS Code last drew it (by row id). */
export class DrawnRows {
  readonly #drawn = new Map<string, string>();
  #structure: string | undefined;

  /** VS Code asked for a row and got this look. */
  drew(id: string, look: string): void {
    this.#drawn.set(id, look);
  }

  /** VS Code asked for the top level and got these rows, in this order. */
  drewStructure(structure: string): void {
    this.#structure = structure;
  }

  /** True when `structure` is not what VS Code last drew (rows added, gone or moved). */
  structureChanged(structure: string): boolean {
    return this.#structure !== undefined && this.#structure !== structure;
  }

  /** Ids of the drawn rows whose look is now different; rows VS Code never drew need no refresh. */
  changed(rows: Iterable<readonly [id: string, look: string]>): string[] {
    const ids: string[] = [];
    for (const [id, look] of rows) {
      const drawn = this.#drawn.get(id);
      if (drawn !== undefined && drawn !== look) ids.push(id);
    }
    return ids;
  }
}

/** Calls `flush` once, `delayMs` after the first of any number of requests. */
export class Coalescer {
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly delayMs: number,
    private readonly flush: () => void,
  ) {}

  request(): void {
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      this.flush();
    }, this.delayMs);
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
