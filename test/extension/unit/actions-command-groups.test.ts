import { describe, expect, it } from 'vitest';
import { commandTitle, groupCapabilities, isReadCommand } from '../../../extension/actions/command-groups';
import type { Capability } from '../../../shared';

function cap(over: Partial<Capability>): Capability {
  return {
    name: 'x', description: '', risk: 'write', inputSchema: { type: 'object', properties: {} }, roles: ['member'], scopes: ['workspace:write'],
    auditTarget: 'x', transports: ['rest'], rateClass: 'write', idempotency: 'requestId', interactiveOnly: false, webmcpDisposition: 'exposed', ...over,
  };
}

describe('capabilities quick pick', () => {
  it('titles commands as a person reads them, keeping acronyms', () => {
    expect(commandTitle('get_native_artifact')).toBe('Get native artifact');
    expect(commandTitle('link_pr')).toBe('Link PR');
    expect(commandTitle('set_channel_env')).toBe('Set channel env');
    expect(commandTitle('getRunById')).toBe('Get run by ID');
  });

  it('groups by risk in order read, write, admin, destructive, without interactive-only commands', () => {
    const groups = groupCapabilities([
      cap({ name: 'delete_channel', risk: 'destructive' }),
      cap({ name: 'b_write' }),
      cap({ name: 'a_read', risk: 'read' }),
      cap({ name: 'hidden', interactiveOnly: true }),
      cap({ name: 'archive_channel', risk: 'admin' }),
    ]);
    expect(groups.map((g) => [g.risk, g.commands.map((c) => c.name)])).toEqual([
      ['read', ['a_read']],
      ['write', ['b_write']],
      ['admin', ['archive_channel']],
      ['destructive', ['delete_channel']],
    ]);
    expect(isReadCommand(cap({ risk: 'read' }))).toBe(true);
    expect(isReadCommand(cap({ risk: 'admin' }))).toBe(false);
  });
});
