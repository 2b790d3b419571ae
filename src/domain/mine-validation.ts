/**
 * Checks a document of a user's own database against the schema of its type (see mine.ts). Used by
 * the replication gateway on every pushed document and by the browser before a local write, so
 * that both refuse the same documents for the same reasons.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { MINE_TYPES, isMineType } from './mine';
import type { MineType } from './mine';

export type MineCheck = { ok: true; type: MineType } | { ok: false; reason: string };

export type MineValidator = (doc: Record<string, unknown>) => MineCheck;

export function createMineValidator(): MineValidator {
  const ajv = new Ajv({ allErrors: false, strict: true });
  addFormats(ajv);
  const validators = new Map<MineType, ValidateFunction>();
  for (const [type, { schema }] of Object.entries(MINE_TYPES))
    validators.set(type as MineType, ajv.compile(schema));

  return (doc) => {
    const type = doc.type;
    if (!isMineType(type)) return { ok: false, reason: `unknown document type ${JSON.stringify(type)}` };
    const validate = validators.get(type)!;
    if (validate(doc)) return { ok: true, type };
    const first = validate.errors?.[0];
    const where = first?.instancePath || '/';
    return { ok: false, reason: `${type} ${where}: ${first?.message ?? 'invalid'}` };
  };
}
