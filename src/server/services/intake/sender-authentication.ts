// What the receiving mail server found when it checked a sender (RFC 8601
// `Authentication-Results`), for the staff addresses whose mail becomes agent replies (review
// N7). Only the topmost header counts: the receiving server adds its own on top, and anything
// below came with the message (a forger's `dmarc=pass` lower down is ignored).

export type SenderAuthentication = 'pass' | 'not-pass' | 'absent';

/** `example.com` is aligned with `example.com` and with its subdomains, either way (relaxed). */
const aligned = (a: string, b: string) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);

/** One `method=result` statement's property, e.g. `header.from` or `header.d`. */
const property = (statement: string, name: string) =>
  new RegExp(`(?:^|\\s)${name.replace('.', '\\.')}=([^\\s;]+)`, 'i')
    .exec(statement)?.[1]
    ?.replace(/"/g, '')
    .replace(/^.*@/, '')
    .toLowerCase();

/**
 * `pass` when the receiving server says DMARC passed for the sender's domain, or (DMARC not
 * failed: a domain without a policy) a DKIM signature of an aligned domain passed; `not-pass`
 * for anything else it says (a DMARC fail, no check, another domain's signature); `absent` when
 * it said nothing.
 */
export function senderAuthentication(
  topmost: string | undefined,
  senderDomain: string,
): SenderAuthentication {
  if (topmost === undefined) return 'absent';
  const domain = senderDomain.toLowerCase();
  // The first part is the server's own id; comments in parentheses say nothing.
  const statements = topmost
    .replace(/\([^)]*\)/g, ' ')
    .split(';')
    .slice(1)
    .map((s) => s.trim());
  const result = (s: string, method: string) =>
    new RegExp(`^${method}\\s*=\\s*([a-z]+)`, 'i').exec(s)?.[1]?.toLowerCase();
  const dmarc = statements.filter((s) => result(s, 'dmarc') !== undefined);
  if (dmarc.some((s) => result(s, 'dmarc') === 'fail')) return 'not-pass';
  const dmarcPass = dmarc.some((s) => {
    const from = property(s, 'header.from');
    return result(s, 'dmarc') === 'pass' && (!from || from === domain);
  });
  const dkimPass = statements.some((s) => {
    const signer = property(s, 'header.d') ?? property(s, 'header.i');
    return result(s, 'dkim') === 'pass' && signer !== undefined && aligned(signer, domain);
  });
  return dmarcPass || dkimPass ? 'pass' : 'not-pass';
}
