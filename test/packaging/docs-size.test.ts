// The docs stay an index, not a second copy of the code: the root README under 250 lines (the
// person's first page), the folder READMEs together at most 1,200 (#44, #45: they grew while the
// text moved more than it was cut).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const lines = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;

describe('documentation size', () => {
  it('the root README is under 250 lines', () => {
    expect(lines('README.md')).toBeLessThan(250);
  });

  it('the folder READMEs together hold at most 1,200 lines', () => {
    const folders = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*README.md'], { encoding: 'utf8' })
      .split('\n')
      .filter((file) => file.endsWith('README.md') && file !== 'README.md');
    const total = folders.reduce((sum, file) => sum + lines(file), 0);
    expect(total, folders.join(', ')).toBeLessThanOrEqual(1200);
  });
});
