import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../../shared/client';
import { saveDoc } from '../../../shared/docs/save-doc';
import { LIMITS } from '../../../shared/contract/limits';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { startHostileProxy } from '../../support/hostile-proxy';
import { clientFor, MARIA_TOKEN, OWNER_TOKEN } from '../support/clients';

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

describe('saveDoc: an answer that does not confirm the save keeps the text and says so', () => {
  const MINE = '# Deploy\n\n1. Merge.\n2. Tag.\n3. Announce.\n';

  /** Maria's client behind a proxy that answers every doc PATCH with `patchAnswer` and may spoil doc reads. */
  async function behindProxy(patchAnswer: (body: unknown) => unknown, spoilReads = false): Promise<{ client: Client; stop(): Promise<void> }> {
    let patched = false;
    const proxy = await startHostileProxy(emu.url, (path, body) => {
      if (!path.startsWith('/api/v1/docs/')) return body;
      const isPatchAnswer = body !== null && typeof body === 'object' && ('saved' in body || 'pull_request' in body);
      if (isPatchAnswer) {
        patched = true;
        return patchAnswer(body);
      }
      return spoilReads && patched ? { not: 'a doc' } : body;
    });
    const client = clientFor(proxy.url, MARIA_TOKEN, { retry: { maxAttempts: 1 } });
    return {
      client,
      stop: async () => {
        await client.close();
        await proxy.stop();
      },
    };
  }

  it('the documented answer {saved:true, updated_at} is the confirmation: saved with its timestamp, even when reading back would fail', async () => {
    let answered: unknown;
    const rig = await behindProxy((body) => (answered = body), true);
    try {
      const base = await maria.getDoc(DEPLOY_GUIDE);
      const result = await saveDoc(rig.client, { id: DEPLOY_GUIDE, base, mine: MINE });
      expect(answered).toMatchObject({ saved: true, updated_at: expect.any(String) });
      const now = await maria.getDoc(DEPLOY_GUIDE);
      expect(now.body).toBe(MINE);
      expect(result).toEqual({ kind: 'saved', updated_at: (answered as { updated_at: string }).updated_at });
      expect(result).toEqual({ kind: 'saved', updated_at: now.updated_at });
    } finally {
      await rig.stop();
    }
  });

  it('{saved:true} without a timestamp: saved only when reading back shows the text, with the stored timestamp', async () => {
    const rig = await behindProxy(() => ({ saved: true }));
    try {
      const base = await maria.getDoc(DEPLOY_GUIDE);
      const result = await saveDoc(rig.client, { id: DEPLOY_GUIDE, base, mine: MINE });
      const now = await maria.getDoc(DEPLOY_GUIDE);
      expect(now.body).toBe(MINE);
      expect(result).toEqual({ kind: 'saved', updated_at: now.updated_at });
    } finally {
      await rig.stop();
    }
  });

  it.each([
    ['{saved:true} without a timestamp', () => ({ saved: true })],
    ['{saved:false, updated_at} without a pull request', () => ({ saved: false, updated_at: '2026-05-01T09:00:00.000000Z' })],
    ['{saved:false, pull_request:{}} without its url', () => ({ saved: false, pull_request: {} })],
    ['no body at all', () => undefined],
    ['null', () => null],
    ['a bare string', () => 'ok'],
    ['{saved:true} with a pull request but no timestamp', (body: unknown) => ({ saved: true, pull_request: (body as { pull_request: unknown }).pull_request })],
  ] as Array<[string, (body: unknown) => unknown]>)('%s, and the doc does not hold the text: unconfirmed, the text kept', async (_name, answer) => {
    const rig = await behindProxy(answer);
    try {
      const base = await maria.getDoc(RULES_FILE);
      const mine = base.body + '\nNo force pushes.\n';
      const result = await saveDoc(rig.client, { id: RULES_FILE, base, mine });
      expect(result).toEqual({ kind: 'unconfirmed', mine });
    } finally {
      await rig.stop();
    }
  });

  it('an odd answer and a failing read-back: unconfirmed, the text kept (never reported as saved or failed)', async () => {
    const rig = await behindProxy(() => ({ saved: true }), true);
    try {
      const base = await maria.getDoc(DEPLOY_GUIDE);
      const result = await saveDoc(rig.client, { id: DEPLOY_GUIDE, base, mine: MINE });
      expect(result).toEqual({ kind: 'unconfirmed', mine: MINE });
    } finally {
      await rig.stop();
    }
  });

  it('a pull request answer without its number still reports the pull request', async () => {
    const rig = await behindProxy((body) => ({ saved: false, pull_request: { url: (body as { pull_request: { url: string } }).pull_request.url } }));
    try {
      const base = await maria.getDoc(RULES_FILE);
      const result = await saveDoc(rig.client, { id: RULES_FILE, base, mine: base.body + '\nNo force pushes.\n' });
      expect(result).toMatchObject({ kind: 'pull_request', number: 0, url: expect.stringMatching(/^https?:\/\//) });
    } finally {
      await rig.stop();
    }
  });
});

describe('saveDoc: only a 409 leads to a merge', () => {
  it('403 from a reader who cannot write: failed, the text kept, no merge offered', async () => {
    const reader = clientFor(emu.url, 'hpt_member_read', { retry: { maxAttempts: 1 } });
    try {
      const base = await reader.getDoc(DEPLOY_GUIDE);
      const result = await saveDoc(reader, { id: DEPLOY_GUIDE, base, mine: 'my words' });
      expect(result).toMatchObject({ kind: 'failed', mine: 'my words', error: { status: 403 } });
    } finally {
      await reader.close();
    }
  });

  it('a body over the limit refused (400/413): failed, the text kept', async () => {
    const base = await maria.getDoc(DEPLOY_GUIDE);
    const mine = base.body + 'x'.repeat(LIMITS.requestBodyMaxBytes + 1);
    const result = await saveDoc(maria, { id: DEPLOY_GUIDE, base, mine });
    expect(result).toMatchObject({ kind: 'failed', mine, error: { status: expect.toSatisfy((s: number) => s === 400 || s === 413) } });
  });

  it('a gateway page instead of an answer (502): failed, the text kept', async () => {
    const base = await maria.getDoc(DEPLOY_GUIDE);
    const proxy = await startHostileProxy(emu.url, (_path, body) => {
      if (body !== null && typeof body === 'object' && 'saved' in body) throw new Error('gateway down');
      return body;
    });
    const client = clientFor(proxy.url, MARIA_TOKEN, { retry: { maxAttempts: 1 } });
    try {
      const result = await saveDoc(client, { id: DEPLOY_GUIDE, base, mine: 'my words' });
      expect(result).toMatchObject({ kind: 'failed', mine: 'my words', error: { status: 502 } });
    } finally {
      await client.close();
      await proxy.stop();
    }
  });

  it('a cancelled save: failed with the cancellation, the text kept', async () => {
    const base = await maria.getDoc(DEPLOY_GUIDE);
    const result = await saveDoc(maria, { id: DEPLOY_GUIDE, base, mine: 'my words' }, { signal: AbortSignal.abort() });
    expect(result).toMatchObject({ kind: 'failed', mine: 'my words', error: { name: 'AbortError' } });
    expect((await maria.getDoc(DEPLOY_GUIDE)).body).toBe(base.body);
  });

  it('a network failure (nothing listening): failed, the text kept', async () => {
    const base = await maria.getDoc(DEPLOY_GUIDE);
    const proxy = await startHostileProxy(emu.url, (_path, body) => body);
    const client = clientFor(proxy.url, MARIA_TOKEN, { retry: { maxAttempts: 1 } });
    await proxy.stop();
    try {
      const result = await saveDoc(client, { id: DEPLOY_GUIDE, base, mine: 'my words' });
      expect(result).toMatchObject({ kind: 'failed', mine: 'my words', error: { code: 'network_error' } });
    } finally {
      await client.close();
    }
  });

  it('a 409 whose read of their version fails: failed with that error, the text kept', async () => {
    const base = await maria.getDoc(DEPLOY_GUIDE);
    await owner.patchDoc(DEPLOY_GUIDE, { body: '# Deploy (prod)\n\n1. Merge.\n2. Tag.\n' });
    let conflicted = false;
    const proxy = await startHostileProxy(emu.url, (path, body) => {
      if ((body as { error?: { code?: string } }).error?.code === 'conflict') conflicted = true;
      else if (conflicted && path.startsWith('/api/v1/docs/')) return { not: 'a doc' };
      return body;
    });
    const client = clientFor(proxy.url, MARIA_TOKEN, { retry: { maxAttempts: 1 } });
    try {
      const result = await saveDoc(client, { id: DEPLOY_GUIDE, base, mine: 'my words' });
      expect(conflicted).toBe(true);
      expect(result).toMatchObject({ kind: 'failed', mine: 'my words', error: { code: 'unexpected_response' } });
    } finally {
      await client.close();
      await proxy.stop();
    }
  });
});
