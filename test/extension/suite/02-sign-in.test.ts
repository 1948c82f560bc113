import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import { FIXTURE, serviceUrl, signedIn, wscExtension } from './support';

suite('sign-in', () => {
  test('a wrong token is refused and nothing is stored', async () => {
    const api = await wscExtension();
    await api.services.auth.signOut();
    await assert.rejects(api.services.auth.signIn('hpt_not_a_real_token'), (e: { code?: string }) => e.code === 'unauthorized');
    assert.equal(api.services.auth.state.kind, 'signedOut');
    assert.equal(await api.services.context.secrets.get(api.services.auth.storageKey()), undefined);
  });

  test('wsc.signIn with a fixture token validates it, stores it in SecretStorage and shows the account', async () => {
    const api = await signedIn();
    const state = api.services.auth.state;
    assert.equal(state.kind, 'signedIn');
    if (state.kind === 'signedIn') {
      assert.equal(state.identity.handle, FIXTURE.ownerHandle);
      assert.equal(state.serviceUrl, serviceUrl());
    }
    assert.equal(await api.services.context.secrets.get(api.services.auth.storageKey()), FIXTURE.ownerToken);
    const [session] = await api.auth.provider.getSessions();
    assert.ok(session, 'the Accounts menu has a session');
    assert.match(session.account.label, /@olivia/);
    assert.equal(session.accessToken, FIXTURE.ownerToken);
  });
});
