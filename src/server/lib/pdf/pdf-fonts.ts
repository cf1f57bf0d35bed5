// The faces every PDF is drawn in (ADR 075): Noto Sans (OFL, from @embedpdf/fonts-latin) for
// Latin, Greek and Cyrillic, and Noto Sans Hans (OFL, @embedpdf/fonts-sc) for the Chinese
// characters Noto Sans lacks. pdfkit's standard fonts print only Latin-1 (WinAnsi): a name like
// "Zoë Ångström 王秀英 Дмитрий" came out as wrong letters. pdfkit embeds only the glyphs a
// document uses, so a PDF stays small; the packages are production dependencies, so the fonts
// ship wherever the server runs.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Doc } from './pdf-document.ts';

const require = createRequire(import.meta.url);
/** A font file of a package that exports only its font list: the files lie beside dist/. */
const fontFile = (pkg: string, file: string) =>
  path.join(path.dirname(require.resolve(pkg)), '..', 'fonts', file);

const FILES = {
  regular: fontFile('@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'),
  bold: fontFile('@embedpdf/fonts-latin', 'NotoSans-Bold.ttf'),
  italic: fontFile('@embedpdf/fonts-latin', 'NotoSans-Italic.ttf'),
  han: fontFile('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'),
} as const;

/** The names documents pass to `doc.font`. */
export const FONT = {
  regular: 'Body',
  bold: 'Body-Bold',
  italic: 'Body-Italic',
  han: 'Han',
} as const;
type FontName = (typeof FONT)[keyof typeof FONT];

/** Registers the faces on a new document and starts it in the regular one. */
export function registerFonts(doc: Doc): void {
  for (const key of Object.keys(FONT) as (keyof typeof FONT)[]) {
    doc.registerFont(FONT[key], FILES[key]);
  }
  doc.font(FONT.regular);
}

/** The Noto Sans faces' ascent over their line height (1069 and 293 of 1000 units, all three). */
const LATIN_ASCENT_SHARE = 1069 / (1069 + 293);

/** Chinese characters and the CJK punctuation and full-width forms set with them. */
const HAN = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;

/** `text` cut into runs: each in `face`, or in the Han face for Chinese characters. */
export function fontRuns(text: string, face: FontName): { text: string; font: FontName }[] {
  const runs: { text: string; font: FontName }[] = [];
  for (const char of text) {
    const font = HAN.test(char) ? FONT.han : face;
    const last = runs.at(-1);
    if (last?.font === font) last.text += char;
    else runs.push({ text: char, font });
  }
  return runs;
}

/**
 * Draws text someone typed (a name, a title, a line, a user agent) at x, y (or where the last
 * text ended) in `face`, switching to the Han face for Chinese characters; `doc.text` otherwise.
 */
export function drawUserText(
  doc: Doc,
  text: string,
  x: number | undefined,
  y: number | undefined,
  options: PDFKit.Mixins.TextOptions,
  face: FontName = FONT.regular,
): void {
  const runs = fontRuns(text, face);
  if (runs.length <= 1) {
    doc.font(runs[0]?.font ?? face).text(text, x, y, options);
    return;
  }
  // pdfkit sets each run's baseline by its own face's ascent, and the Han face's is lower than
  // Noto Sans's: every run gets the Latin face's, so the line stays one line.
  const baseline = -doc.font(face).currentLineHeight() * LATIN_ASCENT_SHARE;
  runs.forEach((run, i) => {
    const each = { ...options, baseline, continued: i < runs.length - 1 };
    if (i === 0) doc.font(run.font).text(run.text, x, y, each);
    else doc.font(run.font).text(run.text, each);
  });
  doc.font(face);
}
