import { expect } from '@playwright/test';
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
 * The mails to `to` the sink holds after the outbox has had time to send any (a few of its
 * 200 ms polls): for proving that a refused submission sent nothing.
 */
export async function mailsToAfterOutboxRan(to: string): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const files = await mailFiles();
  let count = 0;
  for (const file of files) {
    if ((await readSinkMail<Mail>(file))?.to.includes(to.toLowerCase())) count++;
  }
  return count;
}
