// Which addresses a webhook may reach (issue 21): the public internet only, unless the operator
// sets WEBHOOKS_ALLOW_PRIVATE=true. Checked when an endpoint is saved and again at every
// connection, on the address the socket really connects to (no DNS rebinding in between).
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_MESSAGES } from '../../shared/schemas/webhooks.ts';

export type WebhookPolicy = { allowPrivate: boolean; httpsOnly: boolean };

/** A URL or address a webhook may not use; its message is safe to show staff. */
export class WebhookAddressError extends Error {
  override name = 'WebhookAddressError';
}

const RESERVED_V6 = ipaddr.parseCIDR('::/8');

/**
 * Only ordinary unicast addresses: loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7),
 * link-local (169.254/16 with the cloud metadata address, fe80::/10), carrier-grade NAT,
 * unspecified, multicast, reserved and the IPv6 forms that embed an IPv4 address are refused.
 * ipaddr.js calls the deprecated IPv4-compatible form (`::7f00:1`, ::/96) "unicast": the whole
 * IANA-reserved ::/8 is refused instead (review N13); mapped addresses are judged as IPv4 above.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (parsed.kind() === 'ipv6' && parsed.match(RESERVED_V6)) return false;
  return parsed.range() === 'unicast';
}

const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/** The scheme and credentials rules; throws with the message to show. */
export function checkWebhookUrlShape(raw: string, policy: WebhookPolicy): URL {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && (policy.httpsOnly || url.protocol !== 'http:')) {
    throw new WebhookAddressError(WEBHOOK_MESSAGES.httpsOnly);
  }
  if (url.username || url.password) throw new WebhookAddressError(WEBHOOK_MESSAGES.credentials);
  return url;
}

/**
 * Whether every address the host resolves to is public (an IP literal is checked as it is);
 * null when it does not resolve. The one rule for webhooks and SSO issuers (review N10).
 */
export async function hostIsPublic(hostname: string): Promise<boolean | null> {
  const host = bareHost(hostname);
  let addresses: string[];
  if (net.isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await dns.promises.lookup(host, { all: true, verbatim: true })).map(
        (a) => a.address,
      );
    } catch {
      return null;
    }
  }
  return addresses.length > 0 && addresses.every(isPublicAddress);
}

/** Every address the host resolves to must be public (an IP literal is checked as it is). */
export async function checkWebhookUrl(raw: string, policy: WebhookPolicy): Promise<URL> {
  const url = checkWebhookUrlShape(raw, policy);
  if (policy.allowPrivate) return url;
  const isPublic = await hostIsPublic(url.hostname);
  if (isPublic === null) throw new WebhookAddressError(WEBHOOK_MESSAGES.unresolvable);
  if (!isPublic) throw new WebhookAddressError(WEBHOOK_MESSAGES.privateAddress);
  return url;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that refuses to connect when any resolved address is not
 * public: the check happens on the very answer the socket uses.
 */
export function guardedLookup(policy: WebhookPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      if (!policy.allowPrivate && !addresses.every((a) => isPublicAddress(a.address))) {
        return callback(new WebhookAddressError(WEBHOOK_MESSAGES.privateAddress), []);
      }
      const [first] = addresses;
      if (options.all) return callback(null, addresses);
      if (!first) return callback(new WebhookAddressError(WEBHOOK_MESSAGES.unresolvable), []);
      return callback(null, first.address, first.family);
    });
  };
}
