import { describe, expect, it } from 'vitest';
import { commitMessageWithRef, editorOpenUri, parseEditorOpenUri, parseTodoComment, planStartWork, withTodoRef, WSC_EXTENSION_ID } from '../../../shared';

describe('parseTodoComment', () => {
  it.each([
    ['// TODO: retry', { tag: 'TODO', text: 'retry', ref: null, textStart: 9 }],
    ['  # FIXME handle CRLF', { tag: 'FIXME', text: 'handle CRLF', ref: null, textStart: 10 }],
    ['-- TODO(T-57): index', { tag: 'TODO', text: 'index', ref: 'T-57', textStart: 15 }],
    ['/* TODO(alice, t-8) tidy */', { tag: 'TODO', text: 'tidy', ref: 'T-8', textStart: 20 }],
    ['<!-- TODO: ünïcode 😀 -->', { tag: 'TODO', text: 'ünïcode 😀', ref: null, textStart: 11 }],
    ['; TODO T-3 split', { tag: 'TODO', text: 'T-3 split', ref: 'T-3', textStart: 7 }],
    [' * TODO: in a block comment', { tag: 'TODO', text: 'in a block comment', ref: null, textStart: 9 }],
    ['call(); // TODO: after code\r\n', { tag: 'TODO', text: 'after code', ref: null, textStart: 17 }],
  ])('%j', (line, parsed) => {
    expect(parseTodoComment(line)).toEqual(parsed);
  });

  it.each(['const TODO = 1;', 'todo: lower case is prose', '// TODOS are plural', 'http://TODO.example', '// a TODO in the middle', '// XTODO: x'])('%j is no TODO comment', (line) => {
    expect(parseTodoComment(line)).toBeNull();
  });
});

describe('withTodoRef', () => {
  it.each([
    ['// TODO: retry', '// TODO(T-57): retry'],
    ['  # FIXME handle CRLF', '  # FIXME(T-57): handle CRLF'],
    ['/* TODO tidy */', '/* TODO(T-57): tidy */'],
    ['<!-- TODO -->', '<!-- TODO(T-57) -->'],
    ['// TODO', '// TODO(T-57)'],
    ['// TODO(alice): x', '// TODO(alice, T-57): x'],
    ['// TODO(T-3): x', '// TODO(T-57): x'],
    ['// TODO: T-3 x', '// TODO(T-57): x'],
    ['// TODO(T-57): already', '// TODO(T-57): already'],
    ['no comment here', 'no comment here'],
  ])('%j -> %j', (line, out) => {
    expect(withTodoRef(line, 'T-57')).toBe(out);
  });

  it('keeps a CRLF line end', () => {
    expect(withTodoRef('// TODO: x\r', 'T-1')).toBe('// TODO(T-1): x\r');
  });
});

describe('commitMessageWithRef', () => {
  it('adds a prefix once, to the first line that is not a comment', () => {
    expect(commitMessageWithRef('Fix login\n', 'T-12', 'prefix')).toBe('T-12 Fix login\n');
    expect(commitMessageWithRef('T-12 Fix login\n', 'T-12', 'prefix')).toBe('T-12 Fix login\n');
    expect(commitMessageWithRef('Fix login (t-12)\n', 'T-12', 'prefix')).toBe('Fix login (t-12)\n');
    expect(commitMessageWithRef('# comment\n\nFix\n', 'T-12', 'prefix')).toBe('# comment\n\nT-12 Fix\n');
    expect(commitMessageWithRef('\n# Please enter the commit message\n', 'T-12', 'prefix')).toBe('T-12 \n\n# Please enter the commit message\n');
  });

  it('adds a trailer after the body, joining an existing trailer block', () => {
    expect(commitMessageWithRef('Fix login\n', 'T-12', 'trailer')).toBe('Fix login\n\nRefs: T-12\n');
    expect(commitMessageWithRef('Fix\n\nBody text.\n\nSigned-off-by: A <a@x>\n', 'T-12', 'trailer')).toBe('Fix\n\nBody text.\n\nSigned-off-by: A <a@x>\nRefs: T-12\n');
    expect(commitMessageWithRef('Fix\n\n# comments\n# more\n', 'T-12', 'trailer')).toBe('Fix\n\nRefs: T-12\n\n# comments\n# more\n');
    expect(commitMessageWithRef('Fix\r\n', 'T-12', 'trailer')).toBe('Fix\r\n\r\nRefs: T-12\r\n');
    expect(commitMessageWithRef('Fix\n\nRefs: T-12\n', 'T-12', 'trailer')).toBe('Fix\n\nRefs: T-12\n');
  });

  it('ignores the ref in comments and below the scissors line', () => {
    const msg = 'Fix\n# On branch T-12-fix\n# ------------------------ >8 ------------------------\ndiff T-12\n';
    expect(commitMessageWithRef(msg, 'T-12', 'trailer')).toBe('Fix\n\nRefs: T-12\n# On branch T-12-fix\n# ------------------------ >8 ------------------------\ndiff T-12\n');
  });

  it('leaves fixup!, squash! and amend! subjects alone (autosquash matches them)', () => {
    for (const m of ['fixup! Fix login\n', 'squash! Fix login\n\nmore\n', 'amend! Fix login\n']) {
      expect(commitMessageWithRef(m, 'T-12', 'prefix')).toBe(m);
      expect(commitMessageWithRef(m, 'T-12', 'trailer')).toBe(m);
    }
  });

  it('does nothing when off or for something that is no ref; another ref does not count', () => {
    expect(commitMessageWithRef('Fix\n', 'T-12', 'off')).toBe('Fix\n');
    expect(commitMessageWithRef('Fix\n', 'main', 'prefix')).toBe('Fix\n');
    expect(commitMessageWithRef('T-1 Fix\n', 't-12', 'prefix')).toBe('T-12 T-1 Fix\n');
    expect(commitMessageWithRef('see https://x.dev/T-12\n', 'T-12', 'prefix')).toBe('T-12 see https://x.dev/T-12\n');
  });
});

describe('editor open links', () => {
  const link = 'https://wsc.example/w/ws 1/c/ch-2/m/msg-3';
  it('makes and reads links to a task, a message and a run', () => {
    expect(WSC_EXTENSION_ID).toBe('wsc-dev.wsc');
    expect(editorOpenUri({ task: 'T-12' })).toBe('vscode://wsc-dev.wsc/open?task=T-12');
    const uri = editorOpenUri({ message: link });
    expect(uri).toBe('vscode://wsc-dev.wsc/open?message=https%3A%2F%2Fwsc.example%2Fw%2Fws+1%2Fc%2Fch-2%2Fm%2Fmsg-3');
    expect(parseEditorOpenUri(uri)).toEqual({ message: link });
    expect(parseEditorOpenUri('task=t-7')).toEqual({ task: 'T-7' });
    expect(parseEditorOpenUri('?run=run_1')).toEqual({ run: 'run_1' });
    expect(editorOpenUri({ run: 'r1' }, 'me.other')).toBe('vscode://me.other/open?run=r1');
  });

  it('reads nothing from a bad or missing target', () => {
    for (const q of ['task=T-0', 'task=12', 'message=https://example.com/a', 'message=javascript:alert(1)', 'run=a%20b', 'run=', '', 'other=1']) {
      expect(parseEditorOpenUri(q)).toBeNull();
    }
  });
});

describe('planStartWork', () => {
  const task = { ref: 'T-12', title: 'Fix the login page', status: 'todo' as const, assignee_user_id: null, assignee_agent_id: null };
  it('branches from the task, moves it to doing and takes it when unassigned', () => {
    expect(planStartWork(task, { me: 'u1' })).toEqual({
      ok: true,
      plan: { branch: 'T-12-fix-the-login-page', patch: { status: 'doing', assignee_user_id: 'u1', assignee_agent_id: null }, toDoing: true, assignment: 'assign-to-me' },
    });
  });
  it('leaves someone else’s task and a doing status alone', () => {
    const r = planStartWork({ ...task, status: 'doing', assignee_agent_id: 'a1' }, { me: 'u1', pattern: 'feature/{number}-{slug}' });
    expect(r).toEqual({ ok: true, plan: { branch: 'feature/12-fix-the-login-page', patch: {}, toDoing: false, assignment: 'someone-else' } });
    expect(planStartWork({ ...task, assignee_user_id: 'u1' }, { me: 'u1' })).toMatchObject({ plan: { assignment: 'already-mine', patch: { status: 'doing' } } });
    expect(planStartWork(task, { me: null })).toMatchObject({ plan: { assignment: 'me-unknown', patch: { status: 'doing' } } });
  });
});
