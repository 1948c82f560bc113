import { describe, expect, it } from 'vitest';
import { describeServiceCheck } from '../../../extension/auth/service-check';

const base = { service: 'Acme API', apiVersion: '1' };

describe('describeServiceCheck', () => {
  it('all matching: ok, nothing to show after a quiet check, every check in the log lines', () => {
    const view = describeServiceCheck({ ...base, problems: 0, findings: [{ ok: true, subject: 'GET /api/v1/me', detail: 'every field the client needs is there' }] }, 'https://acme.test');
    expect(view.ok).toBe(true);
    expect(view.message).toContain('all 1 checks passed');
    expect(view.lines).toEqual(['Service check: Acme API (https://acme.test)', '✓ GET /api/v1/me: every field the client needs is there']);
  });

  it('a difference: names the first with what will not work, and how many more', () => {
    const view = describeServiceCheck(
      {
        ...base,
        problems: 2,
        findings: [
          { ok: true, subject: 'GET /api/v1/me', detail: 'ok' },
          { ok: false, subject: 'GET /api/v1/docs/{id}', detail: 'no field "updated_at": doc editing will not work' },
          { ok: false, subject: 'command get_task', detail: 'not offered' },
        ],
      },
      'https://acme.test',
    );
    expect(view.ok).toBe(false);
    expect(view.message).toBe('Acme API differs from what this extension relies on: GET /api/v1/docs/{id}: no field "updated_at": doc editing will not work (and 1 more).');
  });
});
