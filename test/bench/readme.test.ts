// bench/RESULTS.md is generated: it must be exactly what bench/readme.mjs makes from bench/results.json,
// so no figure in it is edited by hand or left behind by a later run.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { benchReadme, README_PATH, RESULTS_PATH, type StoredResults } from '../../bench/readme.mjs';

const stored = JSON.parse(readFileSync(RESULTS_PATH, 'utf8')) as StoredResults;

describe('bench/RESULTS.md', () => {
  it('is what the generator makes from bench/results.json (run `node bench/readme.mjs` after editing results)', () => {
    expect(readFileSync(README_PATH, 'utf8')).toBe(benchReadme(stored));
  });

  it('shows every stored figure with its goal, its peer or floor and the load', () => {
    const first = { bench: 'demo', name: 'latency p99', value: 4.391, unit: 'ms', goal: '< 11 ms', met: true, load1: 2.5, reference: { name: 'bare round trip p99', value: 3.3, unit: 'ms' } };
    const text = benchReadme({ generatedAt: '2026-01-01T00:00:00Z', machine: { node: 'v20', cpus: 2, loadAverageAtStart: 1 }, results: [first, { bench: 'demo', name: 'rss', value: 1234.5, unit: 'MiB', goal: '< 100 MiB', met: false }] });
    expect(text).toContain('| latency p99 | 4.39 ms | < 11 ms | bare round trip p99: 3.3 ms | yes | 2.5 |');
    expect(text).toContain('| rss | 1,234.5 MiB | < 100 MiB | — | **no** | 1 (run start) |');
    expect(text).toContain('2 figures have a goal; 1 met, 1 missed.');
    for (const r of stored.results ?? []) expect(readFileSync(README_PATH, 'utf8')).toContain(r.name.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim());
  });
});
