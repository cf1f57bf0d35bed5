// Is a customer's reply to a closed ticket only thanks (issue 38, ADR 061)? Then it stays on
// the ticket without reopening it: "Over 50% of our users love to reply with a 'Thanks!'".
// Deliberately narrow: a doubtful reply reopens (an agent closes it again in one click; a
// question kept silent on a closed ticket is a customer left alone).

/** Longer than this (after quotes and signature are cut) is never "only thanks". */
export const MAX_THANKS_CHARS = 80;

/** Words that say thank you; a reply must contain one. */
const GRATITUDE = new Set([
  'thanks',
  'thank',
  'thx',
  'thanx',
  'thnx',
  'tks',
  'ty',
  'tyvm',
  'cheers',
  'appreciated',
  'appreciate',
  'kudos',
]);

/** Words that may stand beside them in a thank-you ("Great, that worked, thank you so much"). */
const COURTESY = new Set(
  (
    'ok okay k great perfect awesome excellent brilliant wonderful fantastic amazing super ' +
    'cool nice good lovely fab fine all sorted that this it works worked working now did ' +
    'does the trick fixed resolved solved done so very much many a lot again you for your ' +
    'help assistance support quick fast response reply guys team everyone folks really ' +
    'kind regards best and have day weekend got noted received yes yep yeah oh ah wow is ' +
    'was looks sounds to me us just hi hello dear sir madam i we ve all of its thats im'
  ).split(' '),
);

/** A name may end a thank-you ("Thanks, Dana"), but never one of these words. */
const TROUBLE = new Set(
  (
    'not no still but however broken working work down error errors issue issues problem ' +
    'problems failed fails failing fail wrong crash crashed again urgent please help asap ' +
    'same slow stuck never cannot cant'
  ).split(' '),
);

/** Lines that start the quoted history or a signature: everything from there is cut. */
const CUT_AT = [
  /^on .+wrote:?$/i,
  /^-{2,}\s*$/,
  /^-- ?$/,
  /^_{3,}$/,
  /^-+\s*original message\s*-+$/i,
  /^from: /i,
  /^sent from my /i,
  /^get outlook for /i,
];

/** The reply's own words: quoted lines, history and signature cut; blank lines dropped. */
function ownLines(text: string): string[] {
  const lines: string[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (CUT_AT.some((re) => re.test(line))) break;
    if (line && !line.startsWith('>')) lines.push(line);
  }
  // A short last line under the thanks is a signed name ("Thanks!\nDana Smith").
  const last = lines.at(-1);
  if (lines.length > 1 && last && /^[\p{L}.' -]{1,40}$/u.test(last) && wordsOf(last).length <= 3)
    lines.pop();
  return lines;
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * True when the reply says only thank you: after cutting quotes and signature, at most
 * `MAX_THANKS_CHARS` characters, no question mark, a gratitude word, and every other word a
 * courtesy, except one name at the end that is no trouble word.
 */
export function isOnlyThanks(text: string): boolean {
  const own = ownLines(text).join(' ');
  if (own.length === 0 || own.length > MAX_THANKS_CHARS || own.includes('?')) return false;
  const words = wordsOf(own);
  if (!words.some((w) => GRATITUDE.has(w))) return false;
  const others = words.filter((w) => !GRATITUDE.has(w) && !COURTESY.has(w));
  if (others.length === 0) return true;
  const [name] = others;
  return others.length === 1 && words.at(-1) === name && !TROUBLE.has(name!);
}
