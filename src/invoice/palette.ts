/** The invoice's colours, shared by the pieces of the PDF (header, party blocks, table, totals). */
export const COLOUR = {
  ink: '#141a26',
  muted: '#3d4657',
  faint: '#5c6475',
  rule: '#c9cfd9',
  band: '#f1f3f7',
  brand: '#d62839',
  total: '#0b3d91',
  totalBand: '#e6efff',
};
