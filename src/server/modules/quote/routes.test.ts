import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, quoteRequests } from '../../db/schema.ts';
import { publicFormFixture } from '../../test/public-form-fixture.ts';
import { createTestApp } from '../../test/test-app.ts';

const valid = {
  name: 'Priya Raman',
  email: 'priya@contoso.example',
  company: 'Contoso Clinics',
  phone: '512-555-0111',
  service: 'Cloud Solutions',
  details: 'Move our 12 on-premises servers to Azure within two quarters.',
};

describe('POST /api/quote', () => {
  const form = publicFormFixture('/api/quote', 'quotes@meridian.example');
  const { post } = form;

  it('stores the request, then mails sales and the visitor', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    const [row] = await form.app.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    expect(row).toMatchObject({ ...valid, status: 'new' });

    expect(await form.app.mail.flush()).toBe(2);
    const [toSales] = form.sink.mailsTo('quotes@meridian.example');
    expect(toSales?.subject).toBe('Quote request: Cloud Solutions - Priya Raman');
    expect(toSales?.text).toContain(
      'Move our 12 on-premises servers to Azure within two quarters.',
    );
    const [toVisitor] = form.sink.mailsTo('priya@contoso.example');
    expect(toVisitor?.subject).toBe(
      'Your quote request for Cloud Solutions - Meridian IT Services',
    );
    expect(toVisitor?.text).toContain("we'll get back to you within 24 hours");
    const reference = `Q-${id.slice(0, 8).toUpperCase()}`;
    expect(toVisitor?.text).toContain(`Reference: ${reference}`);
    expect(toSales?.text).toContain(`Reference: ${reference}`);
  });

  // Issue 13, item 7: no relay for the sender's text to an address they typed in.
  it('acknowledges with fixed text and the reference, echoing nothing the sender typed', async () => {
    const spam = {
      ...valid,
      name: 'Cheap pills at http://spam.example',
      email: 'victim@example.org',
      company: 'Visit spam.example today',
      details: 'Click http://spam.example/win to claim your prize!',
    };
    const { ack, reference } = await form.acknowledgementEchoing(spam, [
      spam.name,
      spam.company,
      spam.details,
      'spam.example',
    ]);
    expect(ack.text).toContain(`Reference: Q-${reference}`);
  });

  it('keeps the request and its queued mail when delivery fails', async () => {
    const down = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const stored = await down.app.inject({
        method: 'POST',
        url: '/api/quote',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(valid),
      });
      expect(stored.statusCode).toBe(201);
      expect(await down.app.mail.flush()).toBe(0);
      const id = stored.json<{ id: string }>().id;
      expect(await down.app.db.$count(quoteRequests, eq(quoteRequests.id, id))).toBe(1);
      const pending = await down.app.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'priya@contoso.example'));
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({ status: 'pending', attempts: 1 });
      expect(pending[0]?.lastError).toBeTruthy();
    } finally {
      await down.close();
    }
  });

  it.each([
    [{ ...valid, name: '' }, 'Name is required'],
    [{ ...valid, email: 'priya@' }, 'Valid email is required'],
    [{ ...valid, service: '' }, 'Service is required'],
    [{ ...valid, service: undefined }, 'Service is required'],
    [{ ...valid, service: 'Pizza Delivery' }, 'Service must be one of our services'],
    [
      { ...valid, details: 'too short' },
      'Please provide at least 10 characters of project details',
    ],
    [
      { ...valid, details: '   12345678   ' },
      'Please provide at least 10 characters of project details',
    ],
    [{ ...valid, details: undefined }, 'Please provide at least 10 characters of project details'],
    [{ ...valid, company: 'x'.repeat(201) }, 'Must be at most 200 characters'],
    [{ ...valid, phone: 'x'.repeat(51) }, 'Must be at most 50 characters'],
  ])('refuses %o with a 400 naming the problem', async (payload, message) => {
    const before = await form.app.db.$count(quoteRequests);
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await form.app.db.$count(quoteRequests)).toBe(before);
  });

  it('answers a filled honeypot with a bare 400 and stores nothing', async () => {
    const before = await form.app.db.$count(quoteRequests);
    const res = await post({ ...valid, website: 'buy now' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid request' });
    expect(await form.app.db.$count(quoteRequests)).toBe(before);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await post({ ...valid, details: 'x'.repeat(70 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });
  });

  it('refuses a non-JSON content type with 415', async () => {
    const res = await post('name=a', undefined, { 'content-type': 'text/plain' });
    expect(res.statusCode).toBe(415);
  });

  it('limits each address to 5 requests per window with a clear 429', async () => {
    for (let i = 0; i < 5; i++) expect((await post(valid, '10.1.5.1')).statusCode).toBe(201);
    const res = await post(valid, '10.1.5.1');
    expect(res.statusCode).toBe(429);
    expect(res.json<{ message: string }>().message).toMatch(/^Too many requests\./);
  });
});
