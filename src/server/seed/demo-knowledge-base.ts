// The demo's knowledge base (issue 43, ADR 078): a few public articles, so the help center and
// the new ticket form's suggestions have something to show, and one for Acme alone.
import type { Tx } from '../db/client.ts';
import { createArticle } from '../services/knowledge-base/articles.ts';
import { createCategory } from '../services/knowledge-base/categories.ts';

const articles = [
  {
    title: 'What to include in a support ticket',
    tags: ['tickets', 'portal'],
    body: 'A ticket we can solve on the first reply says:\n\n- **what happened**, and the exact error message;\n- **when** it started, and what changed just before;\n- **who** is affected: you, your team, the whole site;\n- what you already tried.\n\nA screenshot attached to the ticket often says the rest.',
  },
  {
    title: 'Our support hours and the emergency line',
    tags: ['hours', 'emergency', 'phone'],
    body: 'The help desk answers tickets and calls **Mon-Fri 8 AM-6 PM** (Central time). For an outage outside those hours, call the emergency line, (512) 555-0199, any time: an engineer on call answers.',
  },
  {
    title: 'Reset a forgotten password',
    tags: ['password', 'account', 'sign-in'],
    body: 'On the sign-in page of your email or Microsoft 365, choose *Forgot password?* and follow the steps: a code goes to your phone or recovery address.\n\nNo recovery method set up? Open a ticket or call us: we check who you are before resetting it.',
  },
] as const;

export async function seedDemoKnowledgeBase(
  tx: Tx,
  staff: { id: string; email: string; firstName: string; lastName: string },
  acmeId: string,
): Promise<void> {
  const actor = { id: staff.id, email: staff.email, name: `${staff.firstName} ${staff.lastName}` };
  const category = await createCategory(tx, actor, 'Getting help');
  for (const article of articles) {
    await createArticle(tx, actor, {
      ...article,
      tags: [...article.tags],
      categoryId: category.id,
      visibility: 'public',
      customerId: null,
      published: true,
    });
  }
  await createArticle(tx, actor, {
    title: 'Scanning at the Acme warehouse',
    tags: ['scanner', 'warehouse'],
    body: 'The handheld scanners join the **ACME-WH** network. If one shows *offline*, dock it for ten seconds, then scan the network code on the dock.',
    categoryId: category.id,
    visibility: 'company',
    customerId: acmeId,
    published: true,
  });
}
