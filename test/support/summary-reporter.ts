// Prints the plain closing line CI reads ("N passed, N failed"), after vitest's own summary, and
// for each project its wall time (first file started to last file ended), its files' summed time
// and its slowest files, so every CI log says where `npm test` spends its minutes.
import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

interface ProjectSpan {
  start: number;
  end: number;
  files: { name: string; ms: number }[];
}

export default class SummaryReporter implements Reporter {
  private readonly spans = new Map<string, ProjectSpan>();
  private readonly started = new Map<TestModule, number>();
  private runStart = 0;

  onTestRunStart(): void {
    this.runStart = Date.now();
  }

  onTestModuleStart(module: TestModule): void {
    this.started.set(module, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const now = Date.now();
    const start = this.started.get(module) ?? now;
    const name = module.project.name || 'default';
    const span = this.spans.get(name) ?? { start, end: now, files: [] };
    span.start = Math.min(span.start, start);
    span.end = Math.max(span.end, now);
    span.files.push({ name: module.moduleId.replace(`${process.cwd()}/`, ''), ms: now - start });
    this.spans.set(name, span);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const lines = [`\nvitest wall time ${seconds(Date.now() - this.runStart)}`];
    for (const [name, span] of [...this.spans].sort(([a], [b]) => a.localeCompare(b))) {
      const total = span.files.reduce((sum, f) => sum + f.ms, 0);
      const slowest = [...span.files].sort((a, b) => b.ms - a.ms).slice(0, 5);
      lines.push(`  project ${name}: ${span.files.length} files, wall ${seconds(span.end - span.start)}, files summed ${seconds(total)}`);
      for (const f of slowest) lines.push(`    ${seconds(f.ms).padStart(8)}  ${f.name}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    // `npm test` runs vitest twice (shared-core suites, then pseudo-terminal suites) and prints the sum.
    const countsFile = process.env.WSC_TEST_COUNTS_FILE;
    if (countsFile) appendFileSync(countsFile, `${JSON.stringify({ passed, failed, skipped })}\n`);
  }
}
