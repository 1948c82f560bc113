import { describe, expect, it } from 'vitest';
import { runTabTitle } from '../../../extension/timeline/run-title';

describe('run tab titles', () => {
  it('tell a parent run from its child even when their ids share the start', () => {
    const parent = runTabTitle('00000000-0000-4000-8000-000000000501');
    const child = runTabTitle('00000000-0000-4000-8000-000000000502');
    expect(parent).toBe('Run …00000501');
    expect(child).not.toBe(parent);
    expect(runTabTitle('r-42')).toBe('Run r-42');
  });
});
