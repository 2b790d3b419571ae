/**
 * The one JSON body parser of every route: `express.json` with a size limit, plus two checks on the
 * raw bytes before `JSON.parse` runs, so that nothing downstream (`JSON.stringify`, schema checks,
 * the store) ever recurses over or walks a hostile body:
 * - the body is UTF-8 (RFC 8259 requires it between systems; other charsets are answered 415), which
 *   is also what makes the byte scan below sound;
 * - it nests at most `JSON_MAX_DEPTH` levels and no array or object holds more than
 *   `JSON_MAX_MEMBERS` members (answered 413).
 * The scan is one loop with no recursion and no allocation beyond one counter per open container.
 */
import express from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

/** Far above any document of ours (a user document nests a handful of levels). */
export const JSON_MAX_DEPTH = 64;
/** Above the gateway's 500 documents per push and RxDB's push batches of 50 ids. */
export const JSON_MAX_MEMBERS = 1000;

/** A body refused before parsing; `type` names the cause for the error handler (body-parser style). */
export class BodyRefused extends Error {
  readonly expose = true;
  constructor(
    readonly status: 413 | 415,
    readonly type: 'json.too.deep' | 'json.too.wide' | 'charset.unsupported',
    message: string,
  ) {
    super(message);
    this.name = 'BodyRefused';
  }
}

/** `limit` as body-parser takes it: '4kb', '2mb'… */
export function jsonBody(limit: string): RequestHandler {
  return express.json({ limit, verify: verifyJsonBytes });
}

function verifyJsonBytes(_req: IncomingMessage, _res: ServerResponse, bytes: Buffer, encoding: string) {
  if (encoding !== 'utf-8' && encoding !== 'utf8') {
    throw new BodyRefused(415, 'charset.unsupported', `JSON bodies must be UTF-8, not ${encoding}.`);
  }
  const problem = jsonShapeProblem(bytes);
  if (problem === 'too_deep') {
    throw new BodyRefused(413, 'json.too.deep', `JSON nested more than ${JSON_MAX_DEPTH} levels deep.`);
  }
  if (problem === 'too_wide') {
    throw new BodyRefused(
      413,
      'json.too.wide',
      `A JSON array or object holds more than ${JSON_MAX_MEMBERS} members.`,
    );
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/**
 * Whether UTF-8 JSON text nests too deep or holds a container with too many members, counted on
 * the bytes: quotes, backslashes, brackets and commas are ASCII and never occur inside a multi-byte
 * UTF-8 sequence, so outside strings they are structure. Malformed text is left to `JSON.parse`.
 */
export function jsonShapeProblem(
  bytes: Uint8Array,
  maxDepth = JSON_MAX_DEPTH,
  maxMembers = JSON_MAX_MEMBERS,
): 'too_deep' | 'too_wide' | undefined {
  // Commas seen so far in each open container, innermost last (members = commas + 1).
  const commas: number[] = [];
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      if (commas.length >= maxDepth) return 'too_deep';
      commas.push(0);
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) commas.pop();
    else if (byte === COMMA && commas.length > 0) {
      const members = ++commas[commas.length - 1]! + 1;
      if (members > maxMembers) return 'too_wide';
    }
  }
  return undefined;
}
