/**
 * Stands in, in the browser build, for jspdf's optional dependencies (html2canvas, dompurify,
 * canvg): jspdf loads them only for its `html()` and SVG features, which the invoice never uses.
 * Without this they would be built as chunks of their own and precached for nothing.
 */
export default function unavailable(): never {
  throw new Error('Not in this build: jspdf’s HTML and SVG rendering are not used.');
}
