// Injected faults (POST /_emulator/faults). A new POST replaces the whole set; counters count down
// per matching /api request; delayMs applies to every matching request until replaced;
// dropResponseRate drops that share of matching answers (after commit) until replaced.
import { pathMatches } from './path-glob';
import { seededRandom } from './seeded-random';

export interface FaultSpec {
  dropResponseAfterCommit?: number;
  fail500?: number;
  delayMs?: number;
  /** Share (0..1) of matching requests whose answer is dropped after the effect committed. */
  dropResponseRate?: number;
  /** Seed of the generator behind dropResponseRate, so a run can be repeated exactly. */
  seed?: number;
  /** A path prefix or glob (`*` any characters; emulator/path-glob.ts); absent matches every /api path. */
  pathPattern?: string;
}

export class Faults {
  private spec: FaultSpec = {};
  private random: () => number = Math.random;

  set(spec: FaultSpec): void {
    this.spec = { ...spec };
    this.random = spec.seed === undefined ? Math.random : seededRandom(spec.seed);
  }

  current(): FaultSpec {
    return { ...this.spec };
  }

  private matches(path: string): boolean {
    return this.spec.pathPattern ? pathMatches(this.spec.pathPattern, path) : true;
  }

  delayFor(path: string): number {
    return this.matches(path) ? this.spec.delayMs ?? 0 : 0;
  }

  takeFail500(path: string): boolean {
    return this.take('fail500', path);
  }

  takeDrop(path: string): boolean {
    if (this.take('dropResponseAfterCommit', path)) return true;
    const rate = this.spec.dropResponseRate ?? 0;
    return rate > 0 && this.matches(path) && this.random() < rate;
  }

  private take(kind: 'fail500' | 'dropResponseAfterCommit', path: string): boolean {
    const left = this.spec[kind] ?? 0;
    if (left <= 0 || !this.matches(path)) return false;
    this.spec[kind] = left - 1;
    return true;
  }
}
