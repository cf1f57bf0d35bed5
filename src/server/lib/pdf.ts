import PDFDocument from 'pdfkit';

export type PdfSection = { heading?: string; lines: string[] };

/** Renders a simple, real PDF (title, sections of text lines) to a Buffer. */
export function renderPdf(title: string, sections: PdfSection[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(18).text(title);
    doc.moveDown();
    for (const section of sections) {
      if (section.heading) doc.font('Helvetica-Bold').fontSize(12).text(section.heading);
      doc.font('Helvetica').fontSize(11);
      for (const line of section.lines) doc.text(line);
      doc.moveDown();
    }
    doc.end();
  });
}
