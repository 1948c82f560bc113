import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../shared/client';
import { saveDoc } from '../../shared/docs/save-doc';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { clientFor, MARIA_TOKEN, OWNER_TOKEN } from './support';

const DEPLOY_GUIDE = 'd0000000-0000-4000-8000-000000000003';
const RULES_FILE = 'd0000000-0000-4000-8000-000000000004';

let emu: TestEmulator;
let maria: Client;
let owner: Client;

beforeAll(async () => {
  emu = await startEmulator();
  maria = clientFor(emu.url, MARIA_TOKEN);
  owner = clientFor(emu.url, OWNER_TOKEN);
  return async () => {
    await maria.close();
    await owner.close();
    await emu.stop();
  };
});
afterEach(async () => {
  await emu.control.reset();
});

describe('saveDoc against the local service', () => {
  it('saves with expected_updated_at of the edited version', async () => {
    const base = await maria.getDoc(DEPLOY_GUIDE);
    const mine = base.body + '3. Celebrate.\n';
    const result = await saveDoc(maria, { id: DEPLOY_GUIDE, base, mine });
    expect(result).toMatchObject({ kind: 'saved' });
    const now = await maria.getDoc(DEPLOY_GUIDE);
    expect(now.body).toBe(mine);
    if (result.kind === 'saved') expect(result.updated_at).toBe(now.updated_at);
  });

  it('on 409 merges cleanly, offers the merge, and a second call saves it against theirs', async () => {
    const base = await maria.getDoc(DEPLOY_GUIDE);
    expect(base.body).toBe('# Deploy\n\n1. Merge.\n2. Tag.\n');
    await owner.patchDoc(DEPLOY_GUIDE, { body: '# Deploy (prod)\n\n1. Merge.\n2. Tag.\n' });
    const mine = '# Deploy\n\n1. Merge.\n2. Tag.\n3. Announce.\n';
    const first = await saveDoc(maria, { id: DEPLOY_GUIDE, base, mine });
    expect(first.kind).toBe('merged_clean');
    if (first.kind !== 'merged_clean') return;
    expect(first.merged).toBe('# Deploy (prod)\n\n1. Merge.\n2. Tag.\n3. Announce.\n');
    expect(first.mine).toBe(mine);
    // Nothing was written by the refused save.
    expect((await maria.getDoc(DEPLOY_GUIDE)).body).toBe(first.theirs.body);

    const second = await saveDoc(maria, { id: DEPLOY_GUIDE, base: first.theirs, mine: first.merged });
    expect(second.kind).toBe('saved');
    expect((await maria.getDoc(DEPLOY_GUIDE)).body).toBe(first.merged);
  });

  it('on 409 with overlapping edits returns a conflict with markers and hands mine back', async () => {
    const base = await maria.getDoc(DEPLOY_GUIDE);
    await owner.patchDoc(DEPLOY_GUIDE, { body: '# Deploy\n\n1. Merge after review.\n2. Tag.\n' });
    const mine = '# Deploy\n\n1. Merge when green.\n2. Tag.\n';
    const result = await saveDoc(maria, { id: DEPLOY_GUIDE, base, mine });
    expect(result.kind).toBe('conflict');
    if (result.kind !== 'conflict') return;
    expect(result.mine).toBe(mine);
    expect(result.conflictText).toBe('# Deploy\n\n<<<<<<< mine\n1. Merge when green.\n=======\n1. Merge after review.\n>>>>>>> theirs\n2. Tag.\n');
    expect(result.hunks).toHaveLength(1);
    expect(result.theirs.body).toBe('# Deploy\n\n1. Merge after review.\n2. Tag.\n');

    // The person resolves it and saves against theirs.
    const resolved = '# Deploy\n\n1. Merge after review, when green.\n2. Tag.\n';
    expect(await saveDoc(maria, { id: DEPLOY_GUIDE, base: result.theirs, mine: resolved })).toMatchObject({ kind: 'saved' });
  });

  it('treats the same edit made on both sides as already saved', async () => {
    const base = await maria.getDoc(DEPLOY_GUIDE);
    const same = '# Deploy\n\n1. Merge.\n2. Tag.\n3. Done.\n';
    await owner.patchDoc(DEPLOY_GUIDE, { body: same });
    const result = await saveDoc(maria, { id: DEPLOY_GUIDE, base, mine: same });
    expect(result).toMatchObject({ kind: 'already_saved' });
  });

  it('reports the pull request for the rules-file mirror', async () => {
    const base = await maria.getDoc(RULES_FILE);
    const result = await saveDoc(maria, { id: RULES_FILE, base, mine: base.body + '\nNo force pushes.\n' });
    expect(result.kind).toBe('pull_request');
    if (result.kind === 'pull_request') {
      expect(result.url).toMatch(/^https?:\/\//);
      expect(result.number).toBeGreaterThan(0);
    }
  });

  it('hands mine back on any other failure', async () => {
    const guest = clientFor(emu.url, 'hpt_guest_rw', { retry: { maxAttempts: 1 } });
    try {
      const base = await maria.getDoc(DEPLOY_GUIDE);
      const result = await saveDoc(guest, { id: DEPLOY_GUIDE, base, mine: 'my words' });
      expect(result).toMatchObject({ kind: 'failed', mine: 'my words' });
      if (result.kind === 'failed') expect(result.error).toMatchObject({ status: expect.any(Number) });
    } finally {
      await guest.close();
    }
  });
});
