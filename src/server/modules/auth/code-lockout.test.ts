import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { appWithMailSink } from '../../test/mail-app.ts';
import { linkOf, openForm, postForm, requestLink } from '../../test/login-links.ts';

const JORDAN = 'jordan.lee@acme-logistics.example';
const LOCK_SUBJECT = 'Sign-in codes turned off for your account';

// Issue 13, item 5: wrong codes count per account, across links; ten in an hour turn codes off.
describe('wrong sign-in codes per account', () => {
  const t = appWithMailSink({ rateLimitScale: 20 });

  async function newLink() {
    expect((await requestLink(t.app, JORDAN)).statusCode).toBe(200);
    await t.app.mail.flush();
    const mail = t.sink
      .mailsTo(JORDAN)
      .filter((m) => m.subject.startsWith('Your sign-in link'))
      .at(-1);
    return linkOf(mail?.text ?? '');
  }
  async function typeCode(code: string) {
    const form = await openForm(t.app, '/api/login');
    return postForm(t.app, '/api/login/code', form, { email: JORDAN, code });
  }
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

  it('after 10 wrong codes in an hour, even the right code is refused, the link still works, and the owner is told', async () => {
    for (let round = 0; round < 2; round++) {
      const { code } = await newLink();
      for (let i = 0; i < 5; i++) expect((await typeCode(wrong(code))).statusCode).toBe(400);
    }
    await t.app.mail.flush();
    const notices = t.sink.mailsTo(JORDAN).filter((m) => m.subject === LOCK_SUBJECT);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('sign-in links still work');
    expect(notices[0]?.text).not.toContain('second factor');

    const fresh = await newLink();
    const refused = await typeCode(fresh.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('That code is not valid or has expired.');

    const form = await openForm(t.app, `/api/login/verify?token=${fresh.token}`);
    const pressed = await postForm(t.app, '/api/login/verify', form, { token: fresh.token });
    expect(pressed.statusCode).toBe(303);
  });

  it('codes work again once the lock has run out', async () => {
    const [jordan] = await t.app.db.select().from(users).where(eq(users.email, JORDAN));
    await t.app.db.execute(
      sql`update sign_in_code_locks set locked_until = now() - interval '1 second' where user_id = ${jordan!.id}`,
    );
    const { code } = await newLink();
    expect((await typeCode(code)).statusCode).toBe(303);
  });
});
