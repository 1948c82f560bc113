import { describe, expect, it } from 'vitest';
import { threeWayMerge } from '../../../shared/docs/three-way-merge';

const base = ['# Plan', '', 'Intro line.', '', '## Steps', '1. one', '2. two', '3. three', '', 'Footer.'].join('\n');
const edit = (from: string, replace: Record<string, string>) =>
  from
    .split('\n')
    .map((l) => replace[l] ?? l)
    .join('\n');

describe('threeWayMerge', () => {
  it('merges edits to different lines cleanly', () => {
    const mine = edit(base, { 'Intro line.': 'Intro line, edited by me.' });
    const theirs = edit(base, { 'Footer.': 'Footer, edited by them.' });
    const out = threeWayMerge(base, mine, theirs);
    expect(out).toEqual({ clean: true, merged: edit(base, { 'Intro line.': 'Intro line, edited by me.', 'Footer.': 'Footer, edited by them.' }) });
  });

  it('keeps additions from both sides', () => {
    const mine = base + '\nMy appendix.';
    const theirs = '> Note from them\n' + base;
    const out = threeWayMerge(base, mine, theirs);
    expect(out).toEqual({ clean: true, merged: '> Note from them\n' + base + '\nMy appendix.' });
  });

  it('treats identical edits on both sides as clean', () => {
    const both = edit(base, { '2. two': '2. TWO' });
    expect(threeWayMerge(base, both, both)).toEqual({ clean: true, merged: both });
    const mine = edit(base, { '2. two': '2. TWO', 'Footer.': 'Mine.' });
    const theirs = edit(base, { '2. two': '2. TWO' });
    expect(threeWayMerge(base, mine, theirs)).toEqual({ clean: true, merged: mine });
  });

  it('takes the only side that changed', () => {
    expect(threeWayMerge(base, base, 'theirs')).toEqual({ clean: true, merged: 'theirs' });
    expect(threeWayMerge(base, 'mine', base)).toEqual({ clean: true, merged: 'mine' });
  });

  it('reports overlapping edits as a conflict with git markers and hunks', () => {
    const mine = edit(base, { '2. two': '2. two (mine)', 'Intro line.': 'Intro by me.' });
    const theirs = edit(base, { '2. two': '2. two (theirs)', 'Footer.': 'Footer by them.' });
    const out = threeWayMerge(base, mine, theirs);
    expect(out.clean).toBe(false);
    if (out.clean) return;
    expect(out.conflictText).toBe(
      ['# Plan', '', 'Intro by me.', '', '## Steps', '1. one', '<<<<<<< mine', '2. two (mine)', '=======', '2. two (theirs)', '>>>>>>> theirs', '3. three', '', 'Footer by them.'].join('\n'),
    );
    expect(out.hunks).toEqual([{ markerLine: 7, mine: ['2. two (mine)'], base: ['2. two'], theirs: ['2. two (theirs)'] }]);
  });

  it('never drops a typed line: every line of mine appears in the conflict text', () => {
    const mine = 'alpha\nbeta mine\ngamma\ndelta mine';
    const theirs = 'alpha\nbeta theirs\ngamma\ndelta theirs';
    const out = threeWayMerge('alpha\nbeta\ngamma\ndelta', mine, theirs, { mine: 'yours', theirs: 'server' });
    expect(out.clean).toBe(false);
    if (out.clean) return;
    for (const line of [...mine.split('\n'), ...theirs.split('\n')]) expect(out.conflictText.split('\n')).toContain(line);
    expect(out.conflictText).toContain('<<<<<<< yours');
    expect(out.conflictText).toContain('>>>>>>> server');
    expect(out.hunks).toHaveLength(2);
  });

  it('handles a delete on one side against an edit on the other as a conflict', () => {
    const out = threeWayMerge('a\nb\nc', 'a\nc', 'a\nB\nc');
    expect(out.clean).toBe(false);
  });
});

describe('threeWayMerge: the same change made on both sides', () => {
  it('is not a conflict, also next to a change only one side made', () => {
    const base = 'a\nb\nc\nd\ne';
    const mine = 'a\nX\nc\nd\ne\nM';
    const theirs = 'a\nX\nc\nd\ne';
    expect(threeWayMerge(base, mine, theirs)).toEqual({ clean: true, merged: 'a\nX\nc\nd\ne\nM' });
  });

  it.each([
    ['identical edits', 'a\nb', 'a\nB', 'a\nB', 'a\nB'],
    ['only mine changed', 'a\nb', 'a\nB', 'a\nb', 'a\nB'],
    ['only theirs changed', 'a\nb', 'a\nb', 'a\nT', 'a\nT'],
    ['nothing changed', 'a\nb\n', 'a\nb\n', 'a\nb\n', 'a\nb\n'],
    ['empty texts', '', '', 'x', 'x'],
  ])('%s merge cleanly', (_name, base, mine, theirs, merged) => {
    expect(threeWayMerge(base, mine, theirs)).toEqual({ clean: true, merged });
  });
});
