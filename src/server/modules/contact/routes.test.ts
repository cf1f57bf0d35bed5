import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, mailOutbox } from '../../db/schema.ts';
import { publicFormFixture } from '../../test/public-form-fixture.ts';

const valid = {
  name: 'Dana Whitfield',
  email: 'dana@northwind.example',
  company: 'Northwind Traders',
  phone: '(512) 555-0100',
  message: 'We need help refreshing 40 laptops before March.',
};

describe('POST /api/contact', () => {
  const form = publicFormFixture('/api/contact', 'sales-desk@meridian.example');
  const { post } = form;

  it('stores the message, then mails sales and the visitor', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    const [row] = await form.app.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ ...valid, status: 'new' });

    expect(await form.app.mail.flush()).toBe(2);
    const [toSales] = form.sink.mailsTo('sales-desk@meridian.example');
    expect(toSales?.subject).toBe('New contact message from Dana Whitfield');
    expect(toSales?.text).toContain('We need help refreshing 40 laptops before March.');
    expect(toSales?.text).toContain('Northwind Traders');
    const [toVisitor] = form.sink.mailsTo('dana@northwind.example');
    expect(toVisitor?.text).toContain(
      'We received your message and will get back to you within 24 hours.',
    );
    const reference = `C-${id.slice(0, 8).toUpperCase()}`;
    expect(toVisitor?.text).toContain(`Reference: ${reference}`);
    expect(toSales?.text).toContain(`Reference: ${reference}`);
  });

  // Issue 13, item 7: the acknowledgement goes to any address typed in, so it says nothing the sender wrote.
  it('acknowledges with fixed text and the reference, echoing nothing the sender typed', async () => {
    const spam = {
      name: 'Cheap pills at http://spam.example',
      email: 'victim@example.org',
      company: 'Visit spam.example today',
      phone: '+1 900 SPAM',
      message: 'Click http://spam.example/win to claim your prize!',
    };
    const { ack, reference } = await form.acknowledgementEchoing(spam, [
      spam.name,
      spam.company,
      spam.phone,
      spam.message,
      'spam.example',
    ]);
    expect(ack.subject).toBe('We received your message - Meridian IT Services');
    expect(ack.text).toContain(`Reference: C-${reference}`);
  });

  it.each([
    [{ ...valid, name: '' }, 'Name is required'],
    [{ ...valid, name: '   ' }, 'Name is required'],
    [{ ...valid, name: undefined }, 'Name is required'],
    [{ ...valid, email: 'not-an-address' }, 'Valid email is required'],
    [{ ...valid, email: undefined }, 'Valid email is required'],
    [{ ...valid, message: '' }, 'Message is required'],
    [{ ...valid, message: 42 }, 'Message is required'],
    [{ ...valid, company: 'x'.repeat(201) }, 'Must be at most 200 characters'],
    [{ ...valid, phone: 'x'.repeat(51) }, 'Must be at most 50 characters'],
  ])('refuses %o with a 400 naming the problem', async (payload, message) => {
    const before = await form.app.db.$count(contactMessages);
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await form.app.db.$count(contactMessages)).toBe(before);
  });

  it('answers a filled honeypot with a bare 400 and stores nothing', async () => {
    const before = await form.app.db.$count(contactMessages);
    const outboxBefore = await form.app.db.$count(mailOutbox);
    const res = await post({ ...valid, website: 'https://spam.example' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid request' });
    expect(await form.app.db.$count(contactMessages)).toBe(before);
    expect(await form.app.db.$count(mailOutbox)).toBe(outboxBefore);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await post({ ...valid, message: 'x'.repeat(70 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses content type %s with 415',
    async (type) => {
      const res = await post('name=a', undefined, { 'content-type': type });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: 'Content-Type must be application/json' });
    },
  );

  it('refuses malformed JSON with 400', async () => {
    const res = await post('{"name":');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Request body is not valid JSON' });
  });

  it('limits each address to 5 submissions per window with a clear 429', async () => {
    for (let i = 0; i < 5; i++) expect((await post(valid, '10.0.5.1')).statusCode).toBe(201);
    const res = await post(valid, '10.0.5.1');
    expect(res.statusCode).toBe(429);
    expect(res.json<{ message: string }>().message).toMatch(
      /^Too many requests\. Please wait \d+ seconds and try again\.$/,
    );
    expect((await post(valid, '10.0.5.2')).statusCode).toBe(201);
  });
});
