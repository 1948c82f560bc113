// The words a write tool's confirmation shows: every argument exactly as it will be sent (text in
// full, in a fence its own backticks cannot close), the workspace and who it posts as; the
// idempotency key is left out (it is not something a person decides on).
import { describe, expect, it } from 'vitest';
import { writeConfirmation } from '../../../extension/lm-tools/confirmation';

const where = { workspace: 'Acme', as: 'Olivia (@olivia)' };

describe('write confirmation', () => {
  it('shows each argument exactly, long and multi-line text in a fence', () => {
    const body = 'Line one\n\n```js\nconsole.log(1)\n```\n**bold** stays as typed';
    const c = writeConfirmation('Reply in a thread', { thread_id: 'e-1', body, idempotency_key: 'k-1' }, where);
    expect(c.title).toBe('Reply in a thread in Acme?');
    expect(c.message).toBe(
      ['This will be sent to the workspace ` Acme ` as ` Olivia (@olivia) `, exactly as shown:', '', '**thread_id**: ` e-1 `', '', '**body**:', '', '````text', body, '````'].join('\n'),
    );
    expect(c.message).not.toContain('k-1');
  });

  it('shows numbers, arrays and backticks in inline values without breaking out of them', () => {
    const c = writeConfirmation('Create a task', { title: 'Fix `a` and ``b``', priority: 1, labels: ['ci', 'agent'] }, where);
    expect(c.message).toContain('**title**: ``` Fix `a` and ``b`` ```');
    expect(c.message).toContain('**priority**: ` 1 `');
    expect(c.message).toContain('**labels**: ` ["ci","agent"] `');
  });
});
