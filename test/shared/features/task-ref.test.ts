import { describe, expect, it } from 'vitest';
import { branchNameFor, isValidBranchName, slugify, taskRefFromBranch } from '../../../shared/tasks/task-ref';

describe('taskRefFromBranch', () => {
  it.each([
    ['feature/T-42-login', 'T-42'],
    ['T-42', 'T-42'],
    ['t-42-lowercase', 'T-42'],
    ['fix/t-7', 'T-7'],
    ['bugfix/T-12_T-13', 'T-12'],
    ['T-5/T-6', 'T-5'],
    ['wip_T-9', 'T-9'],
    ['user/T-1000000-big', 'T-1000000'],
    ['ABT-42', null],
    ['feature/ABT-42-x', null],
    ['T-42x', null],
    ['T-', null],
    ['T-0', null],
    ['T42', null],
    ['main', null],
    ['', null],
    ['feature/ABT-1-and-T-2', 'T-2'],
  ])('%s -> %s', (branch, ref) => {
    expect(taskRefFromBranch(branch)).toBe(ref);
  });
});

describe('branch names', () => {
  it('slugifies titles safely', () => {
    expect(slugify('Fix: login fails on Safari!')).toBe('fix-login-fails-on-safari');
    expect(slugify('Crème brûlée über alles')).toBe('creme-brulee-uber-alles');
    expect(slugify('日本語のみ')).toBe('');
    expect(slugify('a'.repeat(60))).toBe('a'.repeat(48));
    expect(slugify('one two three four five six seven eight nine ten eleven')).toBe('one-two-three-four-five-six-seven-eight-nine-ten');
  });

  it.each([
    [{ ref: 'T-42', title: 'Login fails' }, undefined, 'T-42-login-fails'],
    [{ ref: 'T-42', title: 'Login fails' }, 'feature/{ref}-{slug}', 'feature/T-42-login-fails'],
    [{ ref: 'T-42', title: 'Login fails' }, '{number}/{slug}', '42/login-fails'],
    [{ ref: 'T-42', title: '日本語' }, undefined, 'T-42'],
    [{ ref: 'T-3', title: '..lock ~^:?*[ weird' }, 'x//{ref}..{slug}.lock', 'x/T-3.lock-weird-lock'],
  ])('%o with %s', (task, pattern, expected) => {
    const name = branchNameFor(task, pattern);
    expect(name).toBe(expected);
    expect(isValidBranchName(name)).toBe(true);
    expect(taskRefFromBranch(name) ?? task.ref).toBe(task.ref);
  });

  it.each(['a..b', 'a b', 'a~1', 'a^', 'a:b', 'a?', 'a*', 'a[', 'a\\b', '-a', 'a/', '/a', 'a.', 'a.lock', '.a', 'a/.b', 'a@{1}', '@', ''])(
    'isValidBranchName refuses %s',
    (name) => {
      expect(isValidBranchName(name)).toBe(false);
    },
  );
});

describe('branch names from odd patterns and refs', () => {
  it.each([
    [{ ref: 'T-42', title: 'Login fails' }, 'my branch/{ref}', 'my-branch/T-42'],
    [{ ref: 'T-42', title: 'Login fails' }, '{ref}--{slug}', 'T-42-login-fails'],
    [{ ref: 'T-42', title: 'Login fails' }, '.-.{ref}-{slug}.-.', 'T-42-login-fails'],
    [{ ref: 'T-42', title: 'Login fails' }, '//', 'T-42'],
    [{ ref: 'P2-17', title: 'Login fails' }, '{number}-{slug}', '17-login-fails'],
    [{ ref: 'draft', title: 'Login fails' }, '{number}-{slug}', 'login-fails'],
  ])('%o with %s', (task, pattern, expected) => {
    expect(branchNameFor(task, pattern)).toBe(expected);
  });
});
