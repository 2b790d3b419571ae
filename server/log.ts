/**
 * What the service prints never carries a secret. Two layers:
 * - by shape: credentials in URLs (`user:password@`), `Basic`/`Bearer` tokens, Stripe keys
 *   (`sk_…`, `rk_…`, `whsec_…`), session cookies, and the values of keys named like a secret
 *   (`authorization`, `cookie`, `password`, `authToken`, `clientSecret`…);
 * - by value: every secret the configuration holds (the store's admin password and its Basic
 *   token, the Twilio auth token, the SMTP password, the Google client secret…), registered at
 *   start, replaced wherever it appears.
 * Errors are printed as a summary (name, message, status, code, stack, causes), never as the raw
 * object: a store error carries the whole request it made, headers included.
 *
 * `installConsoleRedaction` (called once by `server/main.ts`) passes everything written through
 * `console` by anyone, third-party code included, through the same redaction: a safety net behind
 * `logError` and the summaries, not a replacement for them.
 */
import { format, inspect } from 'node:util';
import type { Config } from './config/env';

const REDACTED = '[REDACTED]';
/** Shorter values would redact ordinary words; no real secret of ours is that short. */
const MIN_SECRET_LENGTH = 6;
const MAX_CAUSES = 3;

const secrets = new Set<string>();

/** Redacts `value` from everything logged from now on (with its URL-encoded and base64 forms). */
export function registerSecret(value: string | undefined): void {
  if (!value || value.length < MIN_SECRET_LENGTH) return;
  secrets.add(value);
  secrets.add(encodeURIComponent(value));
  secrets.add(Buffer.from(value).toString('base64'));
}

/** The secrets of the configuration, and the credentials carried by its URLs. */
export function registerConfigSecrets(config: Config): void {
  for (const url of [config.couchdbUrl, config.smtp?.url]) {
    if (!url || !URL.canParse(url)) continue;
    const { username, password } = new URL(url);
    const user = decodeURIComponent(username);
    const secret = decodeURIComponent(password);
    registerSecret(secret);
    if (secret) registerSecret(`${user}:${secret}`);
  }
  registerSecret(config.stripe?.secretKey);
  registerSecret(config.stripe?.webhookSecret);
  registerSecret(config.twilio?.authToken);
  registerSecret(config.google?.clientSecret);
  registerSecret(config.campaigns.unsubscribeSecret);
  registerSecret(config.campaigns.mailEventsSecret);
}

const SECRET_KEYS =
  '(?:authorization|proxy-authorization|cookie|set-cookie|x-twilio-signature|stripe-signature|' +
  'password|passwd|pass|secret|client_?secret|auth_?token|api_?key|access_?token|refresh_?token|' +
  'session_?token|token)';

const PATTERNS: [RegExp, string][] = [
  // scheme://user:password@host
  [/([a-z][a-z0-9+.-]*:\/\/[^\s:/@'"]*:)[^\s@/'"]+@/gi, `$1${REDACTED}@`],
  [/\b(Basic|Bearer|Digest)\s+[A-Za-z0-9+/=._~-]+/g, `$1 ${REDACTED}`],
  [/\b(sk|rk)_(test|live)_[A-Za-z0-9]+/g, `$1_$2_${REDACTED}`],
  [/\bwhsec_[A-Za-z0-9+/=]+/g, `whsec_${REDACTED}`],
  // The session cookie (`sid=…`) wherever a Cookie or Set-Cookie header is printed.
  [/\bsid=[^;\s'",]+/g, `sid=${REDACTED}`],
  // `key: 'value'`, `"key":"value"`, `key=value` for keys named like a secret.
  [
    new RegExp(`(["']?\\b${SECRET_KEYS}\\b["']?\\s*[:=]\\s*)(["'\`])(?:\\\\.|(?!\\2)[^\\\\])*\\2`, 'gi'),
    `$1$2${REDACTED}$2`,
  ],
  [new RegExp(`(\\b${SECRET_KEYS}=)[^&\\s'",;]+`, 'gi'), `$1${REDACTED}`],
];

/** The text with every known secret and every secret-shaped value replaced. */
export function redactText(text: string): string {
  let result = text;
  // Longest first, so that a secret containing another one is replaced whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    result = result.split(secret).join(REDACTED);
  }
  for (const [pattern, replacement] of PATTERNS) result = result.replace(pattern, replacement);
  return result;
}

/** An error as one redacted text: name, message, status, code, stack and causes; never its request. */
export function describeError(error: unknown): string {
  return redactText(summary(error, 0));
}

function summary(error: unknown, depth: number): string {
  if (!(error instanceof Error)) {
    return typeof error === 'string' ? error : inspect(error, { depth: 2, breakLength: Infinity });
  }
  const { status, statusCode, code } = error as { status?: unknown; statusCode?: unknown; code?: unknown };
  const facts = [
    (status ?? statusCode) ? `status ${String(status ?? statusCode)}` : '',
    typeof code === 'string' || typeof code === 'number' ? `code ${code}` : '',
  ].filter(Boolean);
  const head = `${error.name}: ${error.message}${facts.length ? ` (${facts.join(', ')})` : ''}`;
  // The stack opens with name and message again; keep its frames only.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const cause =
    error.cause !== undefined && depth < MAX_CAUSES ? `\n  [cause] ${summary(error.cause, depth + 1)}` : '';
  return [head, ...frames].join('\n') + cause;
}

/** Arguments as `console.log` would print them, errors summarised, the whole redacted. */
export function formatForLog(args: unknown[]): string {
  return redactText(format(...args.map((arg) => (arg instanceof Error ? summary(arg, 0) : arg))));
}

/** `console.error` of a message and its details (errors summarised), redacted. */
export function logError(message: string, ...details: unknown[]): void {
  console.error(formatForLog([message, ...details]));
}

let installed = false;

/** Redacts everything printed through `console` from now on (see the header). */
export function installConsoleRedaction(): void {
  if (installed) return;
  installed = true;
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const write = console[level].bind(console);
    console[level] = (...args: unknown[]) => write(formatForLog(args));
  }
}
