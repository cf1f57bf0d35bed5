import { describe, expect, it } from 'vitest';
import { appWithMailSink } from '../../test/mail-app.ts';
import { LOGIN_LIMITS } from './limits.ts';
import { linkOf, openForm, postForm, requestLink } from '../../test/login-links.ts';

const SAM = 'sam.rivera@globex-retail.example';

// Issue 13, item 6: requests for someone else's address cannot cancel the links they already have.
describe('a flood of link requests for one address', () => {
  const t = appWithMailSink();

  const press = async (token: string) => {
    const form = await openForm(t.app, `/api/login/verify?token=${token}`);
    return postForm(t.app, '/api/login/verify', form, { token });
  };

  it('leaves the owner’s link working, keeps at most 3 live links, and the limit does not stop the owner', async () => {
    // The owner asks once; someone else asks until the per-address limit answers 429.
    expect((await requestLink(t.app, SAM)).statusCode).toBe(200);
    for (let i = 1; i < LOGIN_LIMITS.perEmail.max; i++) {
      expect((await requestLink(t.app, SAM, {}, `10.66.0.${i}`)).statusCode).toBe(200);
    }
    expect((await requestLink(t.app, SAM, {}, '10.66.0.99')).statusCode).toBe(429);
    await t.app.mail.flush();
    const links = t.sink.mailsTo(SAM).map((m) => linkOf(m.text));
    expect(links).toHaveLength(3);
    // The owner's link, the first one sent, still signs in; so do the other two.
    for (const { token } of links) expect((await press(token)).statusCode).toBe(303);
  });
});
