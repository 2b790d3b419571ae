/**
 * The text of a PDF, read with pdfjs (the library browsers' viewers use), for tests that check what
 * an invoice says: the unit tests of the renderer and the e2e check of a downloaded invoice.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type PdfText = {
  /** Each page's text, its items joined in reading order, one line per text line. */
  pages: string[];
  /**
   * Every page's text joined, with every kind of space (no-break, narrow, thin) as a plain space and
   * runs of spaces as one, so that "Total paid $50.00" matches however far apart the two were set.
   */
  text: string;
};

export async function pdfText(data: Uint8Array | ArrayBuffer): Promise<PdfText> {
  // pdfjs takes ownership of (detaches) the buffer it is given: hand it a copy.
  const bytes = new Uint8Array(data instanceof Uint8Array ? data.slice() : data.slice(0));
  const pdf = await getDocument({ data: bytes, useSystemFonts: false, disableFontFace: true, verbosity: 0 })
    .promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      let line = '';
      const lines: string[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        } else if (item.str) {
          line += ' ';
        }
      }
      if (line) lines.push(line);
      pages.push(lines.map((l) => l.trimEnd()).join('\n'));
    }
    return { pages, text: plainSpaces(pages.join('\n')).replace(/ {2,}/g, ' ') };
  } finally {
    await pdf.destroy();
  }
}

/** `text` with no-break, narrow no-break and other Unicode spaces as plain spaces. */
export function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u2000-\u200a\u202f\u205f]/g, ' ');
}
