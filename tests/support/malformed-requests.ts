/**
 * A deterministic generator of malformed HTTP requests for the service: the real route list
 * (`/api/*`, `/db/*`, static files, the demo mailbox) with broken percent-encodings, bad or
 * hostile JSON (deep nesting, wide containers, sizes around each parser's limit), wrong charsets,
 * content types that lie, odd headers and huge or repeated query parameters. Same seed, same
 * requests, so a failure found once is found again.
 *
 * It never asks for a live change feed (`feed=longpoll|continuous`): such a request waits on
 * purpose, which is not what is tested here.
 */
import { CSRF_HEADER, CSRF_VALUE } from '../../src/domain/account';

export type MalformedRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What was done to the request, to tell failures apart. */
  label: string;
};

/** Values the generator fills in: sessions and a database the session owns. */
export type GeneratorContext = { clientCookie: string; clientDb: string; adminCookie: string };

type Random = {
  next(): number;
  int(max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
};

/** mulberry32: small, fast and good enough to spread inputs; seeded, so reproducible. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return { next, int, pick: (items) => items[int(items.length)]!, chance: (p) => next() < p };
}

const ROUTES: readonly (readonly [string, string])[] = [
  ['GET', '/api/health'],
  ['POST', '/api/auth/register'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/logout'],
  ['GET', '/api/auth/me'],
  ['POST', '/api/auth/methods'],
  ['POST', '/api/auth/email'],
  ['POST', '/api/auth/password'],
  ['PATCH', '/api/auth/profile'],
  ['POST', '/api/auth/photo'],
  ['DELETE', '/api/auth/account'],
  ['GET', '/api/auth/providers'],
  ['GET', '/api/auth/google/start'],
  ['GET', '/api/auth/google/callback'],
  ['POST', '/api/auth/verification/send'],
  ['POST', '/api/auth/verification/confirm'],
  ['POST', '/api/auth/password-reset/request'],
  ['POST', '/api/auth/password-reset/confirm'],
  ['GET', '/api/photos/:id'],
  ['POST', '/api/logs/errors'],
  ['POST', '/api/reports'],
  ['POST', '/api/contact'],
  ['POST', '/api/promo/validate'],
  ['GET', '/api/checkout/options'],
  ['POST', '/api/checkout'],
  ['POST', '/api/payments/simulated/confirm'],
  ['POST', '/api/payments/simulated/authenticate'],
  ['POST', '/api/orders/:id/confirm'],
  ['GET', '/api/orders/:id'],
  ['POST', '/api/availability'],
  ['POST', '/api/admin/providers/:id/approval'],
  ['POST', '/api/webhooks/stripe'],
  ['POST', '/api/webhooks/twilio/call'],
  ['POST', '/api/webhooks/twilio/conference'],
  ['GET', '/api/nowhere'],
  ['GET', '/db/:db/'],
  ['GET', '/db/:db/_changes'],
  ['GET', '/db/:db/_all_docs'],
  ['POST', '/db/:db/_all_docs'],
  ['POST', '/db/:db/_bulk_docs'],
  ['GET', '/db/:db/:id'],
  ['PUT', '/db/:db/:id'],
  ['GET', '/db/_all_dbs'],
  ['GET', '/db/'],
  ['GET', '/'],
  ['GET', '/index.html'],
  ['GET', '/assets/app.js'],
  ['GET', '/sw.js'],
  ['GET', '/fr/prestataires/:id'],
  ['GET', '/mailbox'],
  ['GET', '/mailbox/:id/html'],
];

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const BROKEN_ESCAPES = [
  '%',
  '%f',
  '%ff',
  '%zz',
  '%c0%af',
  '%e0%80',
  '%ed%a0%80',
  '%fe%ff',
  '%%',
  '%2',
  '%u00e9',
];
const ODD_IDS = [
  '_design/x',
  '..',
  '%2e%2e',
  '%00',
  '_local/x',
  'a'.repeat(3000),
  '%C3%A9t%C3%A9',
  '__proto__',
];
const QUERY_NAMES = [
  'keys',
  'key',
  'startkey',
  'since',
  'limit',
  'include_docs',
  'kind',
  'order',
  'a[b][c]',
  'x',
];

/** Request bodies' content types, honest or not. */
const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=utf-16le',
  'application/json; charset=utf-32',
  'application/json; charset=latin1',
  'application/json; charset=iso-8859-1',
  'application/json; charset=koi8-r',
  'application/json; charset=nope',
  'application/json; charset="utf-8"',
  'application/json;;;',
  'application/json; charset',
  'application/merge-patch+json',
  'text/plain',
  'text/plain; charset=utf-7',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=utf-16',
  'application/x-www-form-urlencoded; charset=nope',
  'multipart/form-data',
  'image/png',
  'application/octet-stream',
  '*/*',
  'garbage',
  '',
];

const BAD_JSON = [
  '{',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'NaN',
  '{"a":1}garbage',
  '\u00ef\u00bb\u00bf{"a":1}',
  '"unterminated',
  '{"\\ud800":1}',
  '{"a":"\\x41"}',
  'null',
  '123',
  '"a string"',
  'true',
  '[]',
  '{}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"keys":"x"}',
  '{"keys":[1,{},null,[]]}',
  '{"docs":[1,null,"x",[]]}',
  '{"docs":[{"_id":{"a":1}},{"_id":""},{"_id":"_design/x"},{"_id":"a","_attachments":{}}]}',
  '{"docs":{"length":1000000000}}',
  '{"docs":[],"new_edits":false}',
  '{"email":{"$gt":""},"password":[]}',
  '{"email":"a@b.c","password":"x","remember":"yes"}',
  '{"code":null,"service":1}',
  '{"providerId":"../../etc","service":"lawyer","currency":"XXX","booking":[]}',
  '{"approved":"true"}',
  '{"available":{"a":1}}',
  '{"eventId":[],"origin":{},"error":1e400}',
  '{"a":1e999999}',
  '{"a":-0,"b":1e-400}',
];

const INVALID_UTF8 = [
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  Buffer.from([0xc0, 0xaf, 0xed, 0xa0, 0x80]),
  Buffer.from([0xfe, 0xff, 0x00, 0x7b, 0x00, 0x7d]),
];

/** Sizes around the body limits of the routes (1 kB to 2 MB), a few bytes under and over. */
/** The small limits come up more often than the large ones, to keep the run's traffic modest. */
const LIMITS = [1, 1, 4, 4, 16, 16, 32, 32, 64, 64, 512, 2048].map((kb) => kb * 1024);
const DEPTHS = [63, 65, 100, 1_000, 10_000, 100_000, 300_000];
const WIDTHS = [999, 1_001, 5_000, 50_000];

export function generateMalformedRequests(
  count: number,
  seed: number,
  context: GeneratorContext,
): MalformedRequest[] {
  const random = seededRandom(seed);
  const requests: MalformedRequest[] = [];
  for (let i = 0; i < count; i++) requests.push(oneRequest(random, context));
  return requests;
}

/** JSON routes that take a body, for the requests aimed at the JSON parsers. */
const JSON_ROUTES = [
  '/db/providers/_all_docs',
  '/db/:mine/_all_docs',
  '/db/:mine/_bulk_docs',
  '/api/logs/errors',
  '/api/contact',
  '/api/auth/login',
  '/api/checkout',
  '/api/reports',
];

function oneRequest(random: Random, context: GeneratorContext): MalformedRequest {
  if (random.chance(0.08)) return jsonBomb(random, context);
  const labels: string[] = [];
  const [routeMethod, template] = random.pick(ROUTES);
  const method = random.chance(0.8) ? routeMethod : random.pick(METHODS);
  let path = fillTemplate(random, template, context);
  if (random.chance(0.4)) {
    path = breakPath(random, path);
    labels.push('path');
  }
  if (random.chance(0.3)) {
    path += query(random);
    labels.push('query');
  }

  const headers: Record<string, string> = {};
  if (random.chance(0.9)) headers[CSRF_HEADER] = CSRF_VALUE;
  const cookie = random.next();
  if (cookie < 0.15) headers.cookie = context.clientCookie;
  else if (cookie < 0.2) headers.cookie = context.adminCookie;
  else if (cookie < 0.3) headers.cookie = random.pick(BAD_COOKIES);
  if (random.chance(0.15)) {
    const [name, value] = random.pick(ODD_HEADERS);
    headers[name] = value;
    labels.push(`header ${name}`);
  }

  let body: Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD' ? random.chance(0.85) : random.chance(0.05)) {
    const [kind, bytes] = makeBody(random);
    body = bytes;
    labels.push(kind);
    const type = random.chance(0.85) ? random.pick(CONTENT_TYPES) : undefined;
    if (type !== undefined) {
      headers['content-type'] = type;
      labels.push(`type "${type}"`);
    }
  }
  return { method, path, headers, body, label: labels.join(', ') || 'plain' };
}

/** An honest JSON request to a JSON route whose body is nested too deep or too wide. */
function jsonBomb(random: Random, context: GeneratorContext): MalformedRequest {
  const path = random.pick(JSON_ROUTES).replace(':mine', context.clientDb);
  const deepOne = random.chance(0.7);
  const size = deepOne ? random.pick(DEPTHS) : random.pick(WIDTHS);
  const label = `${deepOne ? 'depth' : 'width'} ${size}`;
  const text = deepOne ? deep(random, size) : wide(random, size);
  return {
    method: 'POST',
    path,
    headers: {
      [CSRF_HEADER]: CSRF_VALUE,
      cookie: context.clientCookie,
      'content-type': random.pick(['application/json', 'application/json; charset=utf-8']),
    },
    body: text,
    label: `json bomb, ${label}`,
  };
}

function fillTemplate(random: Random, template: string, context: GeneratorContext): string {
  return template
    .replace(':db', () =>
      random.pick(['providers', 'content', 'config', context.clientDb, 'userdb-00', 'accounts']),
    )
    .replace(':id', () => random.pick(['demo-expat-001', 'nope', 'x'.repeat(random.int(64)), '_all_docs']));
}

/** Breaks the path: a broken escape somewhere, an odd identifier, doubled slashes, a long segment. */
function breakPath(random: Random, path: string): string {
  const segments = path.split('/');
  const at = 1 + random.int(Math.max(1, segments.length - 1));
  switch (random.int(5)) {
    case 0:
    case 1: {
      const segment = segments[at] ?? '';
      const cut = random.int(segment.length + 1);
      segments[at] = segment.slice(0, cut) + random.pick(BROKEN_ESCAPES) + segment.slice(cut);
      return segments.join('/');
    }
    case 2:
      segments[at] = random.pick(ODD_IDS);
      return segments.join('/');
    case 3:
      return path.replace(/\//g, () => (random.chance(0.5) ? '//' : '/'));
    default:
      segments[at] = (segments[at] ?? '') + '%41'.repeat(1 + random.int(3000));
      return segments.join('/');
  }
}

function query(random: Random): string {
  const parts: string[] = [];
  // Many repeated parameters, or a few with values up to 12 kB (the whole line may pass Node's
  // 16 kB header limit, which answers 431).
  const many = random.chance(0.2);
  const repeat = many ? 1 + random.int(3000) : 1 + random.int(5);
  for (let i = 0; i < repeat; i++) {
    const name = random.pick(QUERY_NAMES);
    const value = random.pick([
      '1',
      '-1',
      'true',
      random.pick(BROKEN_ESCAPES),
      '%5B%22a%22%5D',
      '[',
      '%7B%7D',
      'x'.repeat(many ? random.int(4) : random.int(12_000)),
      '..%2F..%2Fetc',
      '',
    ]);
    parts.push(random.chance(0.1) ? name : `${name}=${value}`);
  }
  return '?' + parts.join('&');
}

const BAD_COOKIES = [
  'sos_session=%ff',
  'sos_session=',
  'sos_session',
  ';;;=;=a',
  'sos_session=' + 'A'.repeat(6000),
  'sos_session="unterminated',
  'a=1; sos_session=_design%2Fx',
  'sos_session=..%2F..%2F',
  '=%E0%A4%A',
];

const ODD_HEADERS: readonly (readonly [string, string])[] = [
  ['authorization', 'Basic %%%'],
  ['authorization', 'Bearer ' + 'x'.repeat(4000)],
  ['accept', '*/*;q=abc, text/html;level=,'],
  ['accept', 'application/json;q=0'],
  ['accept-language', 'zz-ZZ;q=x,,,;'],
  ['accept-encoding', 'gzip;q=2, br;q=-1, *;q=nope'],
  ['x-forwarded-for', '999.1.1.1, ,,, not-an-ip'],
  ['x-forwarded-proto', 'gopher'],
  ['range', 'bytes=junk'],
  ['range', 'bytes=999999999-1'],
  ['if-none-match', '"' + 'x'.repeat(500)],
  ['if-modified-since', 'yesterday'],
  ['content-encoding', 'gzip'],
  ['content-encoding', 'br'],
  ['content-encoding', 'deflate'],
  ['content-encoding', 'x-nope'],
  ['content-language', '%ff'],
  ['origin', 'null'],
  ['host', 'evil.example:99999'],
  ['stripe-signature', 't=1,v1=deadbeef'],
  ['x-twilio-signature', '%ff'],
];

/** A body and what kind it is. */
function makeBody(random: Random): [string, Buffer] {
  switch (random.int(9)) {
    case 0:
    case 1:
      return ['bad json', Buffer.from(random.pick(BAD_JSON))];
    case 2: {
      const depth = random.pick(DEPTHS);
      return [`depth ${depth}`, deep(random, depth)];
    }
    case 3: {
      const width = random.pick(WIDTHS);
      return [`width ${width}`, wide(random, width)];
    }
    case 4: {
      const limit = random.pick(LIMITS);
      const size = limit + random.pick([-16, -1, 0, 1, 16]);
      return [`size ${size}`, padded(random, size)];
    }
    case 5:
      return ['invalid utf-8', random.pick(INVALID_UTF8)];
    case 6: {
      const bytes = Buffer.alloc(1 + random.int(4096));
      for (let i = 0; i < bytes.length; i++) bytes[i] = random.int(256);
      return ['binary', bytes];
    }
    case 7: {
      const count = random.pick([3, 100, 1_001, 5_000]);
      const fields = Array.from(
        { length: count },
        (_, i) => `${random.pick(['a', 'b[c]', 'd[e][f]', '%ff'])}${i}=%zz`,
      );
      return [`form ${count}`, Buffer.from(fields.join('&'))];
    }
    default:
      return ['multipart', Buffer.from('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--')];
  }
}

/** Large bodies are built once per shape and shared by the requests that send them. */
const built = new Map<string, Buffer>();
function once(key: string, build: () => string): Buffer {
  let body = built.get(key);
  if (!body) built.set(key, (body = Buffer.from(build())));
  return body;
}

/** `{"keys":[[[…]]]}` or `{"docs":{"a":{"a":…}}}`: nesting `depth` levels deep. */
function deep(random: Random, depth: number): Buffer {
  const arrays = random.chance(0.5);
  const head = random.pick(['{"keys":', '{"docs":', '{"email":', '']);
  const closed = head !== '' && random.chance(0.9);
  return once(`deep ${arrays} ${head} ${closed} ${depth}`, () => {
    const inner = arrays
      ? '['.repeat(depth) + ']'.repeat(depth)
      : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    return head + inner + (closed ? '}' : '');
  });
}

/** An array of `width` items or an object of `width` keys. */
function wide(random: Random, width: number): Buffer {
  const array = random.chance(0.5);
  return once(`wide ${array} ${width}`, () => {
    const items = Array.from({ length: width }, (_, i) => (array ? `"${i}"` : `"k${i}":${i}`));
    return array ? `{"keys":[${items.join(',')}]}` : `{${items.join(',')}}`;
  });
}

/** Valid JSON of exactly `size` bytes. */
function padded(random: Random, size: number): Buffer {
  const head = random.pick(['{"message":"', '{"docs":[],"pad":"', '{"keys":[],"pad":"']);
  return once(`padded ${head} ${size}`, () => head + 'x'.repeat(Math.max(0, size - head.length - 2)) + '"}');
}
