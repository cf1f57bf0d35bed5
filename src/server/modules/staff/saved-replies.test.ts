import { describe, expect, it } from 'vitest';
import { savedReplies } from '../../db/schema.ts';
import type { SavedReply } from '../../../shared/schemas/saved-replies.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

describe('saved replies (issue 17)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;

  const call = t.request;

  it('keeps one library: create, list by title, edit, delete', async () => {
    const made = await call('POST', '/api/staff/saved-replies', {
      title: 'Password reset',
      body: 'Hi {{customer.firstName}}, your password for {{ticket.id}} is reset.',
    });
    expect(made.statusCode, made.body).toBe(201);
    const reply = made.json<SavedReply>();
    expect(reply.updatedBy).toBe('Morgan Hayes');
    await call('POST', '/api/staff/saved-replies', { title: 'Account locked', body: 'Unlocked.' });

    const list = await call('GET', '/api/staff/saved-replies');
    expect(list.json<SavedReply[]>().map((r) => r.title)).toEqual([
      'Account locked',
      'Password reset',
    ]);

    const edited = await call('PUT', `/api/staff/saved-replies/${reply.id}`, {
      title: 'Password reset',
      body: 'Done, {{customer.firstName}}.',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<SavedReply>().body).toBe('Done, {{customer.firstName}}.');

    expect((await call('DELETE', `/api/staff/saved-replies/${reply.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/staff/saved-replies/${reply.id}`)).statusCode).toBe(404);
  });

  it.each([
    [{ title: '', body: 'x' }, 'Title is required'],
    [{ title: 'x', body: '  ' }, 'Reply text is required'],
    [{ title: 'x', body: 'Hi {{customer.name}}' }, 'Unknown placeholder {{customer.name}}'],
    [{ title: 'x'.repeat(101), body: 'x' }, 'Must be at most 100 characters'],
  ])('refuses %j with a 400 and stores nothing', async (payload, message) => {
    const before = (await t.app.db.select().from(savedReplies)).length;
    const res = await call('POST', '/api/staff/saved-replies', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
    expect((await t.app.db.select().from(savedReplies)).length).toBe(before);
  });

  it('answers 404 for editing a reply that does not exist', async () => {
    const res = await call('PUT', '/api/staff/saved-replies/00000000-0000-4000-8000-000000000000', {
      title: 'x',
      body: 'y',
    });
    expect(res.statusCode).toBe(404);
  });

  it('is staff only: a customer user can neither read nor write them', async () => {
    expect(
      (await call('GET', '/api/staff/saved-replies', undefined, ctx.customerCookie)).statusCode,
    ).toBe(403);
    const res = await call(
      'POST',
      '/api/staff/saved-replies',
      { title: 'x', body: 'y' },
      ctx.customerCookie,
    );
    expect(res.statusCode).toBe(403);
  });

  it("gives staff the ticket author's name for the placeholders", async () => {
    const queue = await call('GET', `/api/staff/tickets?customerId=${ctx.acmeId}`);
    const [first] = queue.json<{ id: string }[]>();
    const detail = await call('GET', `/api/staff/tickets/${first!.id}`);
    expect(detail.json<{ author: { firstName: string } | null }>().author?.firstName).toBeTruthy();
  });
});
