// The terminal's focus reports (tui/input/focus-reports.ts) and the settings file (tui/config.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { focusReport, TerminalFocus } from '../../../tui/input/focus-reports';
import { parseTuiConfig, readTuiConfig, tuiConfigPath } from '../../../tui/config';

describe('focus reports', () => {
  it('ESC [ I is focus in, ESC [ O focus out; typed "[I" or an arrow is not a report', () => {
    expect(focusReport('\x1b[I')).toBe('in');
    expect(focusReport('\x1b[O')).toBe('out');
    expect(focusReport('[I')).toBeNull();
    expect(focusReport('\x1b[A')).toBeNull();
    expect(focusReport('\x1bOA')).toBeNull();
  });

  it('focused until told otherwise; listeners hear changes only', () => {
    const focus = new TerminalFocus();
    const heard: boolean[] = [];
    focus.subscribe((f) => heard.push(f));
    expect(focus.focused).toBe(true);
    focus.report('in');
    focus.report('out');
    focus.report('out');
    expect(focus.focused).toBe(false);
    focus.report('in');
    expect(heard).toEqual([false, true]);
  });
});

describe('tui.toml', () => {
  it('defaults without a file, in the wsc config folder', () => {
    const home = mkdtempSync(join(tmpdir(), 'wsc-tui-config-'));
    expect(tuiConfigPath({ XDG_CONFIG_HOME: home })).toBe(join(home, 'wsc', 'tui.toml'));
    const read = readTuiConfig(join(home, 'wsc', 'tui.toml'));
    expect(read.config).toEqual({ startView: 'welcome', notifications: 'desktop', hyperlinks: 'auto', mouse: true, theme: 'dark', accessible: false });
    expect(read.problems).toEqual([]);
  });

  it('reads startView and notifications, with comments and either quote', () => {
    const home = mkdtempSync(join(tmpdir(), 'wsc-tui-config-'));
    const path = join(home, 'tui.toml');
    writeFileSync(path, '# wsc terminal UI\nstartView = "inbox"  # open the inbox first\nnotifications = \'bell\'\n');
    const read = readTuiConfig(path);
    expect(read.config).toEqual({ startView: 'inbox', notifications: 'bell', hyperlinks: 'auto', mouse: true, theme: 'dark', accessible: false });
    expect(read.problems).toEqual([]);
    expect(read.sources.startView).toEqual({ kind: 'file', path, line: 2 });
    expect(read.sources.theme).toEqual({ kind: 'default' });
    expect(parseTuiConfig('notifications = off').config.notifications).toBe('off');
  });

  it('a wrong line is named with what happens and what to do; the rest still applies', () => {
    const { config, problems } = parseTuiConfig('startView = "nowhere"\nnotifications = "loud"\ncolour = "red"\njust text\nstartView = "tasks"', 'tui.toml');
    expect(config).toEqual({ startView: 'tasks', notifications: 'desktop', hyperlinks: 'auto', mouse: true, theme: 'dark', accessible: false });
    expect(problems).toEqual([
      'tui.toml line 1: startView "nowhere" is not one of welcome, inbox, mentions, tasks, docs, recent; the welcome view is shown.',
      'tui.toml line 2: notifications "loud" is not one of desktop, bell, off; desktop is used.',
      'tui.toml line 3: "colour" is not a setting (startView, notifications, hyperlinks, mouse, theme, accessible); it is ignored.',
      'tui.toml line 4 is not `key = "value"`: fix or remove it.',
    ]);
  });
});
