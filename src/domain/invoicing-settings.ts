/**
 * The seller's legal identity and the VAT that invoices print (`config/settings`, `value.invoicing`),
 * as an admin sets it: its shape with its lengths, checked by the server before saving (and by the
 * admin console before sending); its tidying (strings trimmed, empty optional fields and blank
 * address lines left out, so that an invoice never prints an empty line); and what an invoice that
 * is meant to be real still lacks. Invoices copy the seller when they are issued (invoice.ts), so a
 * change here reaches the next invoice only.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { InvoicingSettings } from './invoice';

export const invoicingSettingsSchema = {
  type: 'object',
  properties: {
    seller: {
      type: 'object',
      properties: {
        /** Legal name, with the legal form (e.g. "SOS Expat SAS"). */
        name: { type: 'string', minLength: 1, maxLength: 200 },
        address: { type: 'array', maxItems: 6, items: { type: 'string', minLength: 1, maxLength: 200 } },
        email: { type: 'string', maxLength: 254, format: 'email' },
        country: { type: 'string', pattern: '^[A-Z]{2}$' },
        companyId: { type: 'string', minLength: 1, maxLength: 80 },
        vatId: { type: 'string', minLength: 1, maxLength: 40 },
      },
      required: ['name'],
      additionalProperties: false,
    },
    vatRate: { type: 'number', minimum: 0, maximum: 1 },
    vatNote: { type: 'string', minLength: 1, maxLength: 300 },
  },
  required: ['seller', 'vatRate'],
  additionalProperties: false,
} as const;

/** Why a field was refused; the admin console maps each code to a translated message. */
export type InvoicingFieldProblem = 'required' | 'too_long' | 'value_invalid' | 'unknown_field';

export type InvoicingCheck =
  { ok: true; value: InvoicingSettings } | { ok: false; fields: Record<string, InvoicingFieldProblem> };

let validator: ValidateFunction | undefined;

function validate(value: unknown): ErrorObject[] {
  if (!validator) {
    const ajv = new Ajv({ allErrors: true, strict: true });
    addFormats(ajv);
    validator = ajv.compile(invoicingSettingsSchema);
  }
  return validator(value) ? [] : (validator.errors ?? []);
}

/** The settings tidied and checked: the value to save, or a code per field (`seller.name`…). */
export function checkInvoicingSettings(input: unknown): InvoicingCheck {
  const value = tidy(input);
  const errors = validate(value);
  if (errors.length === 0) return { ok: true, value: value as InvoicingSettings };
  const fields: Record<string, InvoicingFieldProblem> = {};
  for (const error of errors) {
    const [path, problem] = fieldProblem(error);
    fields[path] ??= problem;
  }
  return { ok: false, fields };
}

function fieldProblem(error: ErrorObject): [string, InvoicingFieldProblem] {
  const at = (extra?: string) =>
    [...error.instancePath.split('/').filter(Boolean), ...(extra ? [extra] : [])].join('.') || 'invoicing';
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  switch (error.keyword) {
    case 'required':
      return [at(params.missingProperty), 'required'];
    case 'additionalProperties':
      return [at(params.additionalProperty), 'unknown_field'];
    case 'minLength':
      return [at(), 'required'];
    case 'maxLength':
    case 'maxItems':
      return [at(), 'too_long'];
    default:
      return [at(), 'value_invalid'];
  }
}

const OPTIONAL_SELLER_TEXTS = ['email', 'country', 'companyId', 'vatId'] as const;

/** Trims strings; leaves out empty optional fields and blank address lines. Anything else as given. */
function tidy(input: unknown): unknown {
  if (!isRecord(input)) return input;
  const out: Record<string, unknown> = { ...input };
  if (typeof out.vatNote === 'string') {
    out.vatNote = out.vatNote.trim();
    if (!out.vatNote) delete out.vatNote;
  }
  if (!isRecord(input.seller)) return out;
  const seller: Record<string, unknown> = { ...input.seller };
  if (typeof seller.name === 'string') seller.name = seller.name.trim();
  for (const key of OPTIONAL_SELLER_TEXTS) {
    const text = seller[key];
    if (typeof text !== 'string') continue;
    if (text.trim()) seller[key] = text.trim();
    else delete seller[key];
  }
  if (Array.isArray(seller.address)) {
    const lines = seller.address.map((line: unknown) => (typeof line === 'string' ? line.trim() : line));
    seller.address = lines.filter((line) => line !== '');
    if ((seller.address as unknown[]).length === 0) delete seller.address;
  }
  out.seller = seller;
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a seller identity lacks to be printed on a real invoice (a VAT number only when VAT is charged). */
export function sellerIdentityGaps(invoicing: InvoicingSettings): ('address' | 'companyId' | 'vatId')[] {
  const { seller } = invoicing;
  return [
    ...(seller.address?.length ? [] : (['address'] as const)),
    ...(seller.companyId ? [] : (['companyId'] as const)),
    ...(seller.vatId || invoicing.vatRate === 0 ? [] : (['vatId'] as const)),
  ];
}
