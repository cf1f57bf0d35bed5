// `npm run mail:preview`: every mail the product sends, rendered with sample data to
// .tmp/mail-preview/<name>.html and .txt, with an index.html linking them, to look at
// in a browser (and at 390 px) without sending anything.
import fs from 'node:fs/promises';
import path from 'node:path';
import { sampleMails as mails } from './mail-samples.ts';

const out = path.resolve('.tmp', 'mail-preview');
await fs.rm(out, { recursive: true, force: true });
await fs.mkdir(out, { recursive: true });
for (const [name, mail] of mails) {
  await fs.writeFile(path.join(out, `${name}.html`), mail.html ?? '');
  await fs.writeFile(path.join(out, `${name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}\n`);
}
const index = mails
  .map(
    ([name, mail]) =>
      `<li><a href="${name}.html">${name}</a> (<a href="${name}.txt">text</a>): ${mail.subject.replace(/</g, '&lt;')}</li>`,
  )
  .join('\n');
await fs.writeFile(
  path.join(out, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>Mail preview</title><h1>Every mail</h1><ul>\n${index}\n</ul>\n`,
);
console.log(
  `${mails.length} mails rendered to ${path.relative(process.cwd(), out)}/ (open index.html)`,
);
