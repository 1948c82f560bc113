// Components and pure parts of the terminal UI, rendered with ink-testing-library.
import { renderWithKeys as render } from '../support/render-keys';
import { inkKey } from '../support/ink-key';
import { describe, expect, it } from 'vitest';
import type { Capability, Member } from '../../../shared';
import { Compose } from '../../../tui/components/Compose';
import { HelpOverlay, helpLines } from '../../../tui/components/HelpOverlay';
import { keySections } from '../../../tui/keys/help-sections';
import { ActionForm } from '../../../tui/components/ActionForm';
import { prLinkHint } from '../../../tui/hooks/use-tasks-prompts';
import { tasksKeyAction, type TasksKey } from '../../../tui/keys/tasks-key-map';
import { StatusLine } from '../../../tui/components/StatusLine';
import { WindowedList } from '../../../tui/components/WindowedList';
import { safeLine } from '../../../tui/format';
import { lineWindow, windowStart } from '../../../tui/windowing';
import { inputReady, until } from '../support/ink-wait';


describe('windowing', () => {
  it('renders only the visible rows of a long list', () => {
    const items = Array.from({ length: 10_000 }, (_, i) => `row ${i}`);
    let rendered = 0;
    const { lastFrame } = render(<WindowedList items={items} selected={5_000} height={10} width={30} color={false} render={(s) => (rendered++, safeLine(s))} />);
    expect(rendered).toBe(10);
    expect(lastFrame()).toContain('row 5000');
    expect(lastFrame()?.split('\n')).toHaveLength(10);
    expect(windowStart(10_000, 5_000, 10)).toBe(4_995);
  });

  it('builds a line window from the selected item and asks only for shown items', () => {
    const asked = new Set<number>();
    const w = lineWindow(10_000, 9_999, 12, (i) => (asked.add(i), [`head ${i}`, `body ${i}`]));
    expect(w.lines).toHaveLength(12);
    expect(w.lines[w.lines.length - 1]?.text).toBe('body 9999');
    expect(asked.size).toBeLessThanOrEqual(7);
  });
});

describe('help overlay', () => {
  it('lists every key of keys.ts', () => {
    const lines = helpLines(200).join('\n');
    for (const s of keySections()) for (const k of s.keys) expect(lines).toContain(k.keys);
    const { lastFrame } = render(<HelpOverlay width={80} height={20} color={false} onClose={() => undefined} />);
    expect(lastFrame()).toContain('Keys');
    expect(lastFrame()).toContain('quit');
  });
});

describe('status line', () => {
  it("shows the API's message and hint, and reconnecting…", () => {
    const { lastFrame } = render(<StatusLine width={120} color={false} reconnecting status={{ kind: 'error', message: 'Channel not found.', hint: 'Check the id.' }} />);
    expect(lastFrame()).toBe('reconnecting… (Ctrl+R retries now)  ✖ Channel not found. — Check the id.');
  });
});

describe('compose', () => {
  const members: Member[] = [
    { id: '1', kind: 'person', name: 'Maria Member', handle: 'maria', mention: '@maria' },
    { id: '2', kind: 'person', name: 'Mike Member', handle: 'mike', mention: '@mike' },
  ];
  it('completes a mention from the members and sends with Enter', async () => {
    const sent: string[] = [];
    const { stdin, lastFrame } = render(
      <Compose width={70} focused color={false} placeholder="message" members={members} initialDraft="" onDraftChange={() => undefined} onSend={async (t) => (sent.push(t), true)} lastOwnMessage={() => null} onEdit={async () => true} onLeave={() => undefined} />,
    );
    await inputReady(stdin);
    stdin.write('hi @mi');
    await until(() => expect(lastFrame()).toContain('@mike (Mike Member)'));
    stdin.write('\t');
    await until(() => expect(lastFrame()).toContain('hi @mike '));
    stdin.write('\r');
    await until(() => expect(sent).toEqual(['hi @mike ']));
  });
});

describe('palette form from a schema', () => {
  const command: Capability = {
    name: 'delete_channel',
    description: 'Delete a channel',
    risk: 'destructive',
    inputSchema: { type: 'object', properties: { channelId: { type: 'string', format: 'uuid' }, confirm: { type: 'string' }, requestId: { type: 'string' } }, required: ['channelId', 'confirm'] },
    roles: ['admin'],
    scopes: ['workspace:admin'],
    auditTarget: 'channel',
    transports: ['rest'],
    rateClass: 'admin',
    idempotency: 'requestId',
    interactiveOnly: false,
    webmcpDisposition: 'confirm',
    confirmPhrase: 'delete channel permanently',
  };
  const CHANNEL = '3f2b8c1e-0000-4000-8000-000000000000';

  /** Waits for a frame that passes `check` (the outcome, never a fixed delay). */
  async function frameWith(lastFrame: () => string | undefined, check: (frame: string) => boolean): Promise<string> {
    let frame = '';
    await until(() => {
      frame = lastFrame() ?? '';
      if (!check(frame)) throw new Error(`no such frame; the last was:\n${frame}`);
    });
    return frame;
  }

  it('asks for the exact confirmation phrase (nothing trimmed) and builds typed input', async () => {
    const sent: Record<string, unknown>[] = [];
    const { stdin, lastFrame } = render(<ActionForm command={command} width={100} height={10} active color={false} onSubmit={(input) => void sent.push(input)} onCancel={() => undefined} />);
    await frameWith(lastFrame, (f) => f.includes('type exactly: delete channel permanently') && f.includes('string, uuid'));
    stdin.write(CHANNEL);
    await frameWith(lastFrame, (f) => f.includes(CHANNEL));
    stdin.write('\r');
    await frameWith(lastFrame, (f) => f.includes('▸confirm'));
    stdin.write('delete channel permanently ');
    await frameWith(lastFrame, (f) => f.includes('permanently ▏'));
    stdin.write('\r');
    await frameWith(lastFrame, (f) => f.includes('Type the confirmation exactly: delete channel permanently'));
    expect(sent).toEqual([]);
    stdin.write('\x7f');
    await frameWith(lastFrame, (f) => f.includes('permanently▏'));
    stdin.write('\r');
    await frameWith(() => (sent.length > 0 ? 'sent' : ''), (f) => f === 'sent');
    expect(sent).toEqual([{ channelId: CHANNEL, confirm: 'delete channel permanently' }]);
  });
});

describe('tasks keys', () => {
  const none: TasksKey = inkKey();
  const list = { board: false, hasTask: true };
  const board = { board: true, hasTask: true };

  it('moves, switches columns only on the board, and acts on the selected task', () => {
    expect(tasksKeyAction('j', none, list)).toEqual({ kind: 'move', by: 1 });
    expect(tasksKeyAction('', { ...none, upArrow: true }, list)).toEqual({ kind: 'move', by: -1 });
    expect(tasksKeyAction('', { ...none, pageDown: true }, list)).toEqual({ kind: 'move', by: 10 });
    expect(tasksKeyAction('G', none, list)).toEqual({ kind: 'move', by: Number.MAX_SAFE_INTEGER });
    expect(tasksKeyAction('g', none, board)).toEqual({ kind: 'move', by: -Number.MAX_SAFE_INTEGER });
    expect(tasksKeyAction('h', none, board)).toEqual({ kind: 'column', by: -1 });
    expect(tasksKeyAction('', { ...none, rightArrow: true }, board)).toEqual({ kind: 'column', by: 1 });
    expect(tasksKeyAction('l', none, board)).toEqual({ kind: 'column', by: 1 });
    expect(tasksKeyAction('l', none, list)).toEqual({ kind: 'link-pr' });
    expect(tasksKeyAction('h', none, list)).toBeNull();
    for (const [key, kind] of [['b', 'toggle-board'], ['r', 'reload'], ['f', 'filter'], ['n', 'create'], ['s', 'status'], ['p', 'priority'], ['a', 'assign'], ['N', 'note']] as const) {
      expect(tasksKeyAction(key, none, list)).toEqual({ kind });
    }
    expect(tasksKeyAction('\r', { ...none, return: true }, list)).toEqual({ kind: 'details' });
  });

  it('without a selected task only the list keys work', () => {
    const empty = { board: false, hasTask: false };
    for (const key of ['s', 'p', 'a', 'N', 'l']) expect(tasksKeyAction(key, none, empty)).toBeNull();
    expect(tasksKeyAction('\r', { ...none, return: true }, empty)).toBeNull();
    expect(tasksKeyAction('n', none, empty)).toEqual({ kind: 'create' });
    expect(tasksKeyAction('constructor', none, list)).toBeNull();
  });

  it('the link prompt says which branch, warns when it is another task’s, and where to open a PR', () => {
    const facts = { branch: 'feature/T-3-x', taskRef: 'T-3', namesTask: false, openPrUrl: 'https://github.com/a/b/compare/feature/T-3-x?expand=1' };
    expect(prLinkHint({ ref: 'T-2' }, facts)).toBe('On branch feature/T-3-x (T-3) — not T-2! · open one: https://github.com/a/b/compare/feature/T-3-x?expand=1');
    expect(prLinkHint({ ref: 'T-3' }, { ...facts, namesTask: true, openPrUrl: null })).toBe('On branch feature/T-3-x (T-3)');
    expect(prLinkHint({ ref: 'T-3' }, null)).toBe('Paste the pull request address; leave empty to unlink.');
  });
});

describe('colour where state lives', () => {
  it('tasks: urgent red, high yellow, done green, canceled grey, the rest plain', async () => {
    const { taskTone } = await import('../../../tui/views/TasksView');
    const row = (status: string, priority: number) => ({ status, priority }) as Parameters<typeof taskTone>[0];
    expect(taskTone(row('todo', 1))).toBe('red');
    expect(taskTone(row('doing', 2))).toBe('yellow');
    expect(taskTone(row('done', 1))).toBe('green');
    expect(taskTone(row('canceled', 1))).toBe('gray');
    expect(taskTone(row('todo', 3))).toBeUndefined();
  });

  it('a message that mentions you says so in its header, yellow in colour; your own and e-mail addresses do not', async () => {
    const { messageHeader } = await import('../../../tui/message-lines');
    const { mentionsHandle } = await import('../../../shared');
    const message = (body: string, handle = 'olivia') =>
      ({ id: 'm', body, created_at: '2026-11-21T09:00:00.000Z', author: { id: 'a', name: 'Olivia', handle, kind: 'person' }, reply_count: 0, via: null, edited_at: null, run_id: null }) as unknown as Parameters<typeof messageHeader>[0];
    expect(messageHeader(message('@maria can you look?'), { width: 80, color: false, me: 'maria' })).toContain('@ you');
    expect(messageHeader(message('@maria can you look?'), { width: 80, color: true, me: 'maria' })).toMatch(/^\x1b\[33m.*@ you\x1b\[39m$/);
    expect(messageHeader(message('@maria note to self', 'maria'), { width: 80, color: false, me: 'maria' })).not.toContain('@ you');
    expect(messageHeader(message('write to bob@maria.dev'), { width: 80, color: false, me: 'maria' })).not.toContain('@ you');
    expect(mentionsHandle('ping @maria-bot', 'maria')).toBe(false);
    expect(mentionsHandle('(@Maria)', 'maria')).toBe(true);
  });
});

describe('rooms in running text', () => {
  it('a DM is @ and the others in it (search hits, the inbox, the mention notice), a channel #name', async () => {
    const { roomLabel } = await import('../../../tui/format');
    expect(roomLabel({ kind: 'dm', name: 'Alice Chen, Bob Martínez' }, 'Alice Chen')).toBe('@Bob Martínez');
    expect(roomLabel({ kind: 'channel', name: 'general' }, 'Alice Chen')).toBe('#general');
    expect(roomLabel(undefined)).toBe('?');
  });
});

describe('waiting for an answer', () => {
  it('says loading while the service is reachable, and offline with what happens next while it is not', async () => {
    const { loadingLabel } = await import('../../../tui/format');
    expect(loadingLabel(false)).toBe('loading…');
    expect(loadingLabel(true)).not.toContain('loading');
    expect(loadingLabel(true)).toMatch(/^offline: the service cannot be reached · refreshes when it answers$/);
  });
});
