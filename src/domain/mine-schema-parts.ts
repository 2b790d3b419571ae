/** Schema pieces shared by the per-type schemas of the user's own documents. */
export const isoDate = { type: 'string', format: 'date-time', maxLength: 30 } as const;
export const shortText = (max: number) => ({ type: 'string', maxLength: max }) as const;
export const countryCode = { type: 'string', pattern: '^[A-Z]{2}$' } as const;
export const codeList = (max: number) =>
  ({ type: 'array', maxItems: 20, items: { type: 'string', minLength: 1, maxLength: max } }) as const;
