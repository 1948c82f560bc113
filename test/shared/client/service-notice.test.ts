import { afterEach, describe, expect, it } from 'vitest';
import { Client, describeServiceNotice, noticesFrom, type ServiceNotice } from '../../../shared';
import { startLoopbackServer, type LoopbackServer } from '../support/loopback-server';

let stub: LoopbackServer | undefined;
afterEach(async () => stub?.close());

describe('Deprecation and Sunset', () => {
  it('reads RFC 9745 and RFC 8594 headers with their documentation links', () => {
    const [deprecation, sunset] = noticesFrom(
      {
        deprecation: '@1782777600',
        sunset: 'Wed, 30 Jun 2027 00:00:00 GMT',
        link: '<https://acme.test/changes>; rel="deprecation"; type="text/html", <https://acme.test/sunset>; rel="sunset"',
      },
      '/api/v1/me',
    );
    expect(deprecation).toEqual({ kind: 'deprecation', path: '/api/v1/me', when: '2026-06-30', link: 'https://acme.test/changes' });
    expect(sunset).toEqual({ kind: 'sunset', path: '/api/v1/me', when: '2027-06-30', link: 'https://acme.test/sunset' });
    expect(describeServiceNotice(sunset as ServiceNotice)).toBe('The service will stop answering this API on 2027-06-30 (/api/v1/me). See https://acme.test/sunset.');
    expect(noticesFrom({ deprecation: 'false' }, '/x')).toEqual([]);
    expect(noticesFrom({ link: '<javascript:alert(1)>; rel="deprecation"', deprecation: 'true' }, '/x')[0]?.link).toBeNull();
  });

  it('a Client tells its listeners each kind once per session, however many answers carry it', async () => {
    stub = await startLoopbackServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', deprecation: '@1782777600' });
      res.end(JSON.stringify({ channels: [] }));
    });
    const client = new Client({ baseUrl: stub.url, token: 'hpt_notice', clientName: 'notice-test' });
    const heard: ServiceNotice[] = [];
    client.onServiceNotice((n) => heard.push(n));
    await client.channels();
    await client.channels();
    await client.close();
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ kind: 'deprecation', when: '2026-06-30' });
  });
});
