import fs from 'node:fs/promises';
import { expect } from '@playwright/test';
import { readSinkMail } from './fixtures/sign-in.ts';
import { e2eDirs } from './ports.ts';

type Mail = { to: string[]; subject: string; text: string };

/** Waits until the e2e SMTP sink has received a mail to `to`, and returns it. */
export async function waitForMailTo(to: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const files = await fs.readdir(e2eDirs.mail).catch(() => [] as string[]);
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
