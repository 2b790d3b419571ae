/**
 * The invoice's drawing surface: jspdf with the invoice font, text placed by its top and measured,
 * wrapped to a width, and kept printable whatever characters a name holds.
 */
import type { jsPDF } from 'jspdf';

export type Style = 'normal' | 'bold';

/** The family the invoice fonts are registered under. */
export const FONT_FAMILY = 'DejaVuSans';
/** Millimetres per typographic point. */
export const PT = 25.4 / 72;
export const LINE_HEIGHT = 1.4;

/** A thin layer over jspdf: text in one call, measured in the current font. */
export class PdfPage {
  constructor(
    private readonly doc: jsPDF,
    private readonly frame: { left: number; right: number; rule: string },
  ) {}

  use(style: Style, size: number, colour: string): this {
    this.doc.setFont(FONT_FAMILY, style);
    this.doc.setFontSize(size);
    this.doc.setTextColor(colour);
    return this;
  }

  /** Writes `text` with its top at `top`; returns the line's height. */
  text(text: string, x: number, top: number, align: 'left' | 'right' = 'left'): number {
    const size = this.doc.getFontSize();
    this.doc.text(this.printable(text), x, top + size * PT * 0.8, { align });
    return size * PT * LINE_HEIGHT;
  }

  /** Writes `text` wrapped to `width` from `top`; returns the bottom. */
  wrapped(text: string, x: number, top: number, width: number): number {
    let y = top;
    for (const line of this.lines(text, width)) y += this.text(line, x, y);
    return y;
  }

  lines(text: string, width: number): string[] {
    return this.doc.splitTextToSize(this.printable(text), width) as string[];
  }

  width(text: string): number {
    return this.doc.getTextWidth(this.printable(text));
  }

  /**
   * jspdf cuts a string short at the first character its font lacks, silently: such characters
   * (and characters outside the Basic Multilingual Plane, which it cannot map) become U+FFFD, so
   * that the rest is printed and the gap is visible. Text is composed first (NFC): a name typed as
   * "e" + combining accent is printed with the font's "é".
   */
  private printable(text: string): string {
    const font: { characterToGlyph(code: number): number } = this.doc.getFont().metadata;
    let out = '';
    for (const char of text.normalize('NFC').replace(/[\t\n\r\v\f]+/g, ' ')) {
      const code = char.codePointAt(0) ?? 0;
      if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
      out += code <= 0xffff && font.characterToGlyph(code) !== 0 ? char : '\uFFFD';
    }
    return out;
  }

  /** A thin horizontal line, across the page unless told. */
  rule(y: number, from = this.frame.left, to = this.frame.right): void {
    this.doc.setDrawColor(this.frame.rule);
    this.doc.setLineWidth(0.25);
    this.doc.line(from, y, to, y);
  }

  band(x: number, y: number, width: number, height: number, colour: string): void {
    this.doc.setFillColor(colour);
    this.doc.rect(x, y, width, height, 'F');
  }
}
