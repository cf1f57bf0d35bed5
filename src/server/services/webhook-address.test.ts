import type dns from 'node:dns';
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, guardedLookup, isPublicAddress } from './webhook-address.ts';

const STRICT = { allowPrivate: false, httpsOnly: true };

// Threat model, webhooks: no request forgery into the MSP's network.
describe('webhook addresses', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '::1',
    '0.0.0.0',
    '::',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.100.100.200',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    // IPv4-compatible IPv6 (::/96, deprecated), which ipaddr.js calls unicast (review N13).
    '::7f00:1',
    '::a00:1',
    '::808:808',
    '224.0.0.1',
    '255.255.255.255',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses private literals, names resolving to loopback, http and credentials', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.5/hook',
      'https://localhost/hook',
      'https://[::ffff:7f00:1]/hook',
      'https://[::7f00:1]/hook',
    ]) {
      await expect(checkWebhookUrl(url, STRICT), url).rejects.toThrow(/private, loopback/);
    }
    await expect(checkWebhookUrl('http://1.1.1.1/hook', STRICT)).rejects.toThrow(/https/);
    await expect(checkWebhookUrl('https://u:p@1.1.1.1/hook', STRICT)).rejects.toThrow(/user name/);
    await expect(checkWebhookUrl('https://no-such-host.invalid/hook', STRICT)).rejects.toThrow(
      /could not be resolved/,
    );
    await expect(checkWebhookUrl('https://1.1.1.1/hook', STRICT)).resolves.toBeInstanceOf(URL);
  });

  it('with WEBHOOKS_ALLOW_PRIVATE, private addresses pass (the scheme rule stays)', async () => {
    const allow = { allowPrivate: true, httpsOnly: true };
    await expect(checkWebhookUrl('https://127.0.0.1/hook', allow)).resolves.toBeInstanceOf(URL);
    await expect(checkWebhookUrl('http://127.0.0.1/hook', allow)).rejects.toThrow(/https/);
  });

  it('the connection lookup refuses a name whose answer is private (DNS rebinding)', async () => {
    const lookup = guardedLookup(STRICT);
    const err = await new Promise<Error | null>((resolve) =>
      lookup('localhost', {} as dns.LookupOptions, (e) => resolve(e)),
    );
    expect(err?.message).toMatch(/private, loopback/);
    const ok = await new Promise<Error | null>((resolve) =>
      guardedLookup({ allowPrivate: true, httpsOnly: true })('localhost', {}, (e) => resolve(e)),
    );
    expect(ok).toBeNull();
  });
});
