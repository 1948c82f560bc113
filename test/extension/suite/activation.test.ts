import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import { wscExtension } from './support';

suite('activation', () => {
  test('activates and returns the test API', async () => {
    const api = await wscExtension();
    assert.ok(api.services, 'the test API carries the services');
    assert.ok(api.activationMs >= 0);
    console.log(`activation took ${api.activationMs} ms`);
  });
});
