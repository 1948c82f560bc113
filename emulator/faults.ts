// Injected faults (POST /_emulator/faults). A new POST replaces the whole set; counters count down
// per matching /api request; delayMs applies to every matching request until replaced.
export interface FaultSpec {
  dropResponseAfterCommit?: number;
  fail500?: number;
  delayMs?: number;
  /** Regular expression (string) tested against the request path; absent matches every /api path. */
  pathPattern?: string;
}

export class Faults {
  private spec: FaultSpec = {};
  private pattern: RegExp | null = null;

  set(spec: FaultSpec): void {
    this.spec = { ...spec };
    this.pattern = spec.pathPattern ? new RegExp(spec.pathPattern) : null;
  }

  current(): FaultSpec {
    return { ...this.spec };
  }

  private matches(path: string): boolean {
    return this.pattern ? this.pattern.test(path) : true;
  }

  delayFor(path: string): number {
    return this.matches(path) ? this.spec.delayMs ?? 0 : 0;
  }

  takeFail500(path: string): boolean {
    return this.take('fail500', path);
  }

  takeDrop(path: string): boolean {
    return this.take('dropResponseAfterCommit', path);
  }

  private take(kind: 'fail500' | 'dropResponseAfterCommit', path: string): boolean {
    const left = this.spec[kind] ?? 0;
    if (left <= 0 || !this.matches(path)) return false;
    this.spec[kind] = left - 1;
    return true;
  }
}
