// Components and pure parts of the terminal UI, rendered with ink-testing-library.
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import type { Capability, Member } from '../../shared/index';
import { Compose } from '../../tui/components/Compose';
import { HelpOverlay, helpLines } from '../../tui/components/HelpOverlay';
import { KEY_SECTIONS } from '../../tui/keys';
import { formFields, formInput } from '../../tui/schema-form';
import { StatusLine } from '../../tui/components/StatusLine';
import { WindowedList } from '../../tui/components/WindowedList';
import { lineWindow, windowStart } from '../../tui/windowing';

const tick = () => new Promise((r) => setTimeout(r, 30));

describe('windowing', () => {
  it('renders only the visible rows of a long list', () => {
    const items = Array.from({ length: 10_000 }, (_, i) => `row ${i}`);
    let rendered = 0;
    const { lastFrame } = render(<WindowedList items={items} selected={5_000} height={10} width={30} color={false} render={(s) => (rendered++, s)} />);
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
    for (const s of KEY_SECTIONS) for (const k of s.keys) expect(lines).toContain(k.keys);
    const { lastFrame } = render(<HelpOverlay width={80} height={20} color={false} onClose={() => undefined} />);
    expect(lastFrame()).toContain('Keys');
    expect(lastFrame()).toContain('quit');
  });
});

describe('status line', () => {
  it("shows the API's message and hint, and reconnecting…", () => {
    const { lastFrame } = render(<StatusLine width={120} color={false} reconnecting status={{ kind: 'error', message: 'Channel not found.', hint: 'Check the id.' }} />);
    expect(lastFrame()).toBe('reconnecting…  ✖ Channel not found. — Check the id.');
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
    await tick();
    stdin.write('hi @mi');
    await tick();
    expect(lastFrame()).toContain('@mike (Mike Member)');
    stdin.write('\t');
    await tick();
    expect(lastFrame()).toContain('hi @mike ');
    stdin.write('\r');
    await tick();
    expect(sent).toEqual(['hi @mike ']);
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
  it('asks for the exact confirmation phrase and builds typed input', () => {
    const fields = formFields(command);
    expect(fields.map((f) => f.name)).toEqual(['channelId', 'confirm']);
    expect(fields[1]?.hint).toBe('type exactly: delete channel permanently');
    expect(formInput(fields, { channelId: 'c1', confirm: 'Delete channel permanently' })).toMatchObject({ ok: false, field: 'confirm' });
    expect(formInput(fields, { channelId: 'c1', confirm: 'delete channel permanently' })).toEqual({ ok: true, input: { channelId: 'c1', confirm: 'delete channel permanently' } });
  });
});
