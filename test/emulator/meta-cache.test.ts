// The service keeps its parsed settings rows (workspace, limits, clock) in memory; what a rolled-back
// transaction or a reset changed must not outlive it there.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fixture } from '../../emulator/fixture';
import { createEmulator, type RunningEmulator } from '../../emulator/server';
import { controlClient } from '../support/emulator';
import { api, TOKENS } from './support/api';

let em: RunningEmulator;
const fixture = JSON.parse(readFileSync('test/fixtures/basic.json', 'utf8')) as Fixture;
beforeAll(async () => {
  em = await createEmulator({ fixture });
});
afterAll(() => em.close());

const workspaceName = async () => (await api(em.url, TOKENS.owner, 'GET', '/api/v1/me')).body.workspace;

it('a setting written in a transaction that rolls back is read as it was before', async () => {
  const before = await workspaceName();
  expect(() =>
    em.svc.transaction(() => {
      em.svc.setMeta('workspace', { ...em.svc.workspace(), name: 'Never committed' });
      expect(em.svc.workspace().name).toBe('Never committed');
      throw new Error('abandoned');
    }),
  ).toThrow('abandoned');
  expect(em.svc.workspace().name).toBe(before);
  expect(await workspaceName()).toBe(before);
});

it('a reset forgets settings the fixture does not write', async () => {
  em.svc.setMeta('rules_pr_last', 41);
  expect(em.svc.getMeta('rules_pr_last')).toBe(41);
  await controlClient(em.url, em.controlKey).reset(fixture);
  expect(em.svc.getMeta('rules_pr_last')).toBeUndefined();
});

it('a value read back is a copy of what was written, not the caller’s object', () => {
  const written = { avatarUrl: 'https://img.example/a.png', dropped: undefined };
  em.svc.setMeta('workspace_profile', written);
  written.avatarUrl = 'changed after writing';
  expect(em.svc.getMeta('workspace_profile')).toEqual({ avatarUrl: 'https://img.example/a.png' });
});
