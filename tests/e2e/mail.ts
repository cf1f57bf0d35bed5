import { expect, type APIRequestContext } from '@playwright/test';
import { mailFiles, readSinkMail } from './fixtures/sign-in.ts';

type Mail = { to: string[]; subject: string; text: string };

/** Waits until the e2e SMTP sink has received a mail to `to`, and returns it. */
export async function waitForMailTo(to: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const files = await mailFiles();
        for (const file of files) {
          const mail = await readSinkMail<Mail>(file);
          if (mail?.to.includes(to.toLowerCase())) found = mail;
        }
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/**
 * The mails to `to` the sink holds once the outbox has sent every mail enqueued before this
 * call: for proving that a refused submission sent nothing, without waiting on the clock.
 *
 * Marker messages show how far the outbox has got: the outbox sends the mails of a round
 * concurrently (so a mail of the same round may land just after the marker's), but one round
 * at a time, oldest first. The second marker, sent once the first one's mail is in, goes out
 * in a later round than the first, so when its mail is in, every mail enqueued before the
 * first marker has been sent.
 */
export async function mailsToAfterOutboxRan(api: APIRequestContext, to: string): Promise<number> {
  for (const n of [1, 2]) {
    const marker = `outbox-marker-${n}-${Date.now()}@example.com`;
    const res = await api.post('/api/contact', {
      data: { name: 'Outbox marker', email: marker, message: 'Marks how far the outbox has got.' },
    });
    expect(res.status()).toBe(201);
    await waitForMailTo(marker);
  }
  const files = await mailFiles();
  let count = 0;
  for (const file of files) {
    if ((await readSinkMail<Mail>(file))?.to.includes(to.toLowerCase())) count++;
  }
  return count;
}
