/**
 * Reads the service's configuration from the environment, once, at start. Every problem is
 * collected so that the operator sees the whole list at once: a malformed value, or a variable
 * missing from a group that is only partly set (Stripe, Twilio, Google), stops the start.
 * A group left entirely unset selects the simulated adapter (demo mode).
 */
import path from 'node:path';
import { ANONYMOUS_UPLOADS_PER_HOUR, API_CALLS_PER_MINUTE } from '../../src/domain/constants';
import { parseDailyTime } from '../services/backup/schedule';
import { PASSWORD_HASH_COST_DEFAULT } from '../services/passwords';
import type { DailyTime } from '../services/backup/schedule';

export type AdapterMode = 'real' | 'simulated';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  couchdbUrl: string | undefined;
  seedDemoData: boolean;
  /** Where users reach the service, without a trailing slash: the base of the links in mails and of
   * the Google sign-in callback. */
  publicUrl: string;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | undefined;
  twilio: { accountSid: string; authToken: string; fromNumber: string } | undefined;
  smtp: { url: string } | undefined;
  /** Sender of every mail, sent over SMTP or written to the demo outbox. */
  mailFrom: string;
  google: { issuer: string; clientId: string; clientSecret: string } | undefined;
  /** `/api` calls allowed per minute per user, or per address when anonymous (spec section 9: 60). */
  apiRateLimitPerMinute: number;
  /** Photo and document uploads per hour by visitors not signed in (registration forms), per address. */
  anonymousUploadsPerHour: number;
  /** Pause between two attempts to reach someone who did not answer. */
  calls: { retryDelaySeconds: number };
  /**
   * Demo mode's simulated telephony: how long a test line rings before answering, how long a line
   * that never answers rings before the attempt counts as unanswered, and how long a simulated
   * consultation lasts before the parties hang up (far shorter than the booked 20 or 30 minutes).
   */
  simulation: { ringSeconds: number; noAnswerSeconds: number; callSeconds: number };
  /**
   * Backups under DATA_DIR/backups: the daily one at `dailyAt` (UTC; 'off' for none), and how many
   * daily archives are kept (an admin's own are kept until deleted).
   */
  backups: { dailyAt: DailyTime | 'off'; keep: number };
  /**
   * The daily provider payout run (`PAYOUT_DAILY_AT`, UTC; 'off' for none: on demand only), and how
   * long each simulated transfer takes in demo mode (0: at once; tests stop a run half-way).
   */
  payouts: { dailyAt: DailyTime | 'off'; simulatedTransferDelayMs: number };
  /**
   * Demo payments only: how long the simulated gateway takes to answer a refund it has made
   * (`SIMULATED_REFUND_DELAY_MS`; 0: at once; tests kill the service between the refund and its record).
   */
  refunds: { simulatedDelayMs: number };
  /**
   * In-app notifications an admin sends to a segment (services/comms/sender.ts): a pause between two
   * batches of deliveries (`BROADCAST_BATCH_PAUSE_MS`; 0: none), to spare a busy store.
   */
  comms: { batchPauseMs: number };
  /**
   * Mail campaigns (services/comms/campaign-sender.ts): at most `ratePerMinute` mails a minute
   * (`CAMPAIGN_RATE_PER_MINUTE`), and the key that signs their unsubscribe links
   * (`UNSUBSCRIBE_SECRET`; unset: a key the service generates once and keeps in the store), and the
   * key of the mail provider's signed bounce and complaint reports (`MAIL_EVENTS_SECRET`; unset: the
   * endpoint `POST /api/mail/events` does not exist).
   */
  campaigns: {
    ratePerMinute: number;
    unsubscribeSecret: string | undefined;
    mailEventsSecret: string | undefined;
  };
  /**
   * Automations (services/comms/automation-runner.ts): how often the service looks for the messages
   * that have come due (`AUTOMATION_INTERVAL_MS`), once at start and then at this interval.
   */
  automations: { intervalMs: number };
  /** log2 of scrypt's N for new password hashes (`PASSWORD_HASH_COST`, 10 to 20; 17 by default). */
  passwordHashCost: number;
};

/** `warnings`: a configuration that starts but puts users at risk (the operator should act). */
export type ConfigResult = { config: Config; problems: string[]; notes: string[]; warnings: string[] };

type Env = Record<string, string | undefined>;

const DEFAULT_GOOGLE_ISSUER = 'https://accounts.google.com';
const DEFAULT_MAIL_FROM = 'SOS Expat <no-reply@localhost>';
/**
 * Automations' runs: every 5 minutes by default (a message due is late by that much at most, which a
 * delay counted in hours or days allows, demo mode included); between 10 s and a day.
 */
const AUTOMATION_INTERVAL_DEFAULT_MS = 300_000;
const AUTOMATION_INTERVAL_MIN_MS = 10_000;
const AUTOMATION_INTERVAL_MAX_MS = 86_400_000;

export function readConfig(env: Env = process.env): ConfigResult {
  const problems: string[] = [];
  const notes: string[] = [];
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw ? raw : undefined;
  };

  const portText = value('PORT') ?? '8080';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT is malformed: "${portText}" is not a port number (0-65535).`);
  }

  const couchdbUrl = value('COUCHDB_URL');
  if (couchdbUrl) checkUrl('COUCHDB_URL', couchdbUrl, ['http:', 'https:'], problems, true);

  const seedText = value('SEED_DEMO_DATA') ?? 'true';
  if (!['true', 'false'].includes(seedText)) problems.push('SEED_DEMO_DATA is malformed: use true or false.');

  const stripe = group(env, problems, notes, 'payments', {
    STRIPE_SECRET_KEY: /^(sk|rk)_(test|live)_\w+$/,
    STRIPE_PUBLISHABLE_KEY: /^pk_(test|live)_\w+$/,
    STRIPE_WEBHOOK_SECRET: /^whsec_\w+$/,
  });
  const twilio = group(env, problems, notes, 'telephony', {
    TWILIO_ACCOUNT_SID: /^AC[0-9a-fA-F]{32}$/,
    TWILIO_AUTH_TOKEN: /^\S{16,}$/,
    TWILIO_FROM_NUMBER: /^\+[1-9]\d{6,14}$/,
  });
  const google = group(
    env,
    problems,
    notes,
    'Google sign-in',
    { GOOGLE_CLIENT_ID: /^\S+$/, GOOGLE_CLIENT_SECRET: /^\S+$/ },
    'disabled',
  );
  const googleIssuer = value('GOOGLE_ISSUER') ?? DEFAULT_GOOGLE_ISSUER;
  if (value('GOOGLE_ISSUER')) checkUrl('GOOGLE_ISSUER', googleIssuer, ['http:', 'https:'], problems, false);

  const smtpUrl = value('SMTP_URL');
  if (smtpUrl) checkUrl('SMTP_URL', smtpUrl, ['smtp:', 'smtps:'], problems, false);
  else notes.push('mail: simulated (SMTP_URL not set): written under DATA_DIR/mail, shown at /mailbox.');
  const mailFrom = value('MAIL_FROM') ?? DEFAULT_MAIL_FROM;
  if (!/^(?:[^<>@\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(mailFrom)) {
    problems.push(
      'MAIL_FROM is malformed: use an address, optionally with a name ("SOS Expat <no-reply@example.com>").',
    );
  }

  const rateText = value('API_RATE_LIMIT_PER_MINUTE') ?? String(API_CALLS_PER_MINUTE);
  const apiRateLimitPerMinute = Number(rateText);
  if (!Number.isInteger(apiRateLimitPerMinute) || apiRateLimitPerMinute < 1) {
    problems.push(
      `API_RATE_LIMIT_PER_MINUTE is malformed: "${rateText}" is not a whole number of calls (1 or more).`,
    );
  }

  const uploadsText = value('ANONYMOUS_UPLOADS_PER_HOUR') ?? String(ANONYMOUS_UPLOADS_PER_HOUR);
  const anonymousUploadsPerHour = Number(uploadsText);
  if (!Number.isInteger(anonymousUploadsPerHour) || anonymousUploadsPerHour < 1) {
    problems.push(
      `ANONYMOUS_UPLOADS_PER_HOUR is malformed: "${uploadsText}" is not a whole number of uploads (1 or more).`,
    );
  }

  const seconds = (name: string, fallback: number, min: number) => {
    const raw = value(name) ?? String(fallback);
    const parsed = Number(raw);
    if (!Number.isFinite(parsed) || parsed < min || parsed > 3600) {
      problems.push(`${name} is malformed: "${raw}" is not a number of seconds (${min} to 3600).`);
      return fallback;
    }
    return parsed;
  };
  const milliseconds = (name: string, fallback: number) => {
    const raw = value(name) ?? String(fallback);
    const parsed = Number(raw);
    if (!Number.isInteger(parsed) || parsed < 0 || parsed > 600_000) {
      problems.push(`${name} is malformed: "${raw}" is not a number of milliseconds (0 to 600000).`);
      return fallback;
    }
    return parsed;
  };
  const calls = { retryDelaySeconds: seconds('CALL_RETRY_DELAY_SECONDS', 30, 0) };
  const simulation = {
    ringSeconds: seconds('SIMULATED_RING_SECONDS', 3, 0),
    noAnswerSeconds: seconds('SIMULATED_NO_ANSWER_SECONDS', 10, 0),
    callSeconds: seconds('SIMULATED_CALL_SECONDS', 60, 0.1),
  };

  const dailyAtText = value('BACKUP_DAILY_AT') ?? '03:00';
  const dailyAt = parseDailyTime(dailyAtText);
  if (!dailyAt)
    problems.push(`BACKUP_DAILY_AT is malformed: "${dailyAtText}" is not a time (HH:MM, UTC) or off.`);
  const keepText = value('BACKUP_KEEP') ?? '14';
  const keep = Number(keepText);
  if (!Number.isInteger(keep) || keep < 1 || keep > 365) {
    problems.push(`BACKUP_KEEP is malformed: "${keepText}" is not a number of daily backups (1 to 365).`);
  }
  if (dailyAt === 'off') notes.push('backups: no daily backup (BACKUP_DAILY_AT=off).');

  const payoutAtText = value('PAYOUT_DAILY_AT') ?? '04:00';
  const payoutAt = parseDailyTime(payoutAtText);
  if (!payoutAt)
    problems.push(`PAYOUT_DAILY_AT is malformed: "${payoutAtText}" is not a time (HH:MM, UTC) or off.`);
  if (payoutAt === 'off') notes.push('payouts: no daily payout run (PAYOUT_DAILY_AT=off), on demand only.');
  const simulatedTransferDelayMs = milliseconds('SIMULATED_TRANSFER_DELAY_MS', 0);
  const simulatedRefundDelayMs = milliseconds('SIMULATED_REFUND_DELAY_MS', 0);
  const broadcastBatchPauseMs = milliseconds('BROADCAST_BATCH_PAUSE_MS', 0);
  const campaignRateText = value('CAMPAIGN_RATE_PER_MINUTE') ?? '120';
  const campaignRate = Number(campaignRateText);
  if (!Number.isInteger(campaignRate) || campaignRate < 1 || campaignRate > 1_000_000) {
    problems.push(
      `CAMPAIGN_RATE_PER_MINUTE is malformed: "${campaignRateText}" is not a number of mails a minute (1 to 1000000).`,
    );
  }
  const automationIntervalText = value('AUTOMATION_INTERVAL_MS') ?? String(AUTOMATION_INTERVAL_DEFAULT_MS);
  const automationInterval = Number(automationIntervalText);
  const automationIntervalOk =
    Number.isInteger(automationInterval) &&
    automationInterval >= AUTOMATION_INTERVAL_MIN_MS &&
    automationInterval <= AUTOMATION_INTERVAL_MAX_MS;
  if (!automationIntervalOk) {
    problems.push(
      `AUTOMATION_INTERVAL_MS is malformed: "${automationIntervalText}" is not a number of milliseconds (${AUTOMATION_INTERVAL_MIN_MS} to ${AUTOMATION_INTERVAL_MAX_MS}).`,
    );
  }
  const unsubscribeSecret = value('UNSUBSCRIBE_SECRET');
  if (unsubscribeSecret !== undefined && unsubscribeSecret.length < 32) {
    problems.push(
      'UNSUBSCRIBE_SECRET is too short: give at least 32 characters (e.g. openssl rand -hex 32).',
    );
  }
  if (!unsubscribeSecret)
    notes.push('unsubscribe links: signed with a key kept in the store (UNSUBSCRIBE_SECRET not set).');
  const mailEventsSecret = value('MAIL_EVENTS_SECRET');
  if (mailEventsSecret !== undefined && mailEventsSecret.length < 32) {
    problems.push(
      'MAIL_EVENTS_SECRET is too short: give at least 32 characters (e.g. openssl rand -hex 32).',
    );
  }
  if (!mailEventsSecret)
    notes.push('mail provider reports: off (MAIL_EVENTS_SECRET not set): POST /api/mail/events answers 404.');

  const publicUrlText = value('PUBLIC_URL');
  if (publicUrlText) {
    checkUrl('PUBLIC_URL', publicUrlText, ['http:', 'https:'], problems, false);
    if (URL.canParse(publicUrlText) && new URL(publicUrlText).href !== new URL(publicUrlText).origin + '/') {
      problems.push('PUBLIC_URL is malformed: give the origin only, e.g. https://sos-expat.example.');
    }
  } else notes.push(`links in mails: http://localhost:${portText} (PUBLIC_URL not set).`);
  const publicUrl = (publicUrlText ?? `http://localhost:${portText}`).replace(/\/+$/, '');

  const costText = value('PASSWORD_HASH_COST') ?? String(PASSWORD_HASH_COST_DEFAULT);
  const passwordHashCost = Number(costText);
  const costOk = Number.isInteger(passwordHashCost) && passwordHashCost >= 10 && passwordHashCost <= 20;
  if (!costOk) {
    problems.push(
      `PASSWORD_HASH_COST is malformed: "${costText}" is not a whole number from 10 to 20 (log2 of scrypt's N).`,
    );
  }

  const warnings: string[] = [];
  if (costOk && passwordHashCost < PASSWORD_HASH_COST_DEFAULT) {
    warnings.push(
      `PASSWORD_HASH_COST is ${passwordHashCost}, below ${PASSWORD_HASH_COST_DEFAULT}: new passwords are ` +
        `${2 ** (PASSWORD_HASH_COST_DEFAULT - passwordHashCost)} times cheaper to guess from a stolen database. ` +
        'For test runs only.',
    );
  }
  if (!smtpUrl && URL.canParse(publicUrl) && !isLocalHostname(new URL(publicUrl).hostname)) {
    warnings.push(
      `mail is simulated (SMTP_URL not set) while PUBLIC_URL (${publicUrl}) is not a local address: ` +
        'no verification or password-reset mail reaches its users, and the demo mailbox that holds them ' +
        'is shown only on this machine and to signed-in admins. Set SMTP_URL before real users arrive.',
    );
  }

  return {
    config: {
      port,
      host: value('HOST') ?? '0.0.0.0',
      dataDir: path.resolve(value('DATA_DIR') ?? './data'),
      couchdbUrl,
      seedDemoData: seedText !== 'false',
      publicUrl,
      stripe: stripe && {
        secretKey: stripe.STRIPE_SECRET_KEY,
        publishableKey: stripe.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: stripe.STRIPE_WEBHOOK_SECRET,
      },
      twilio: twilio && {
        accountSid: twilio.TWILIO_ACCOUNT_SID,
        authToken: twilio.TWILIO_AUTH_TOKEN,
        fromNumber: twilio.TWILIO_FROM_NUMBER,
      },
      smtp: smtpUrl ? { url: smtpUrl } : undefined,
      mailFrom,
      apiRateLimitPerMinute,
      anonymousUploadsPerHour,
      calls,
      simulation,
      backups: { dailyAt: dailyAt ?? { hour: 3, minute: 0 }, keep: Number.isInteger(keep) ? keep : 14 },
      payouts: {
        dailyAt: payoutAt ?? { hour: 4, minute: 0 },
        simulatedTransferDelayMs,
      },
      refunds: { simulatedDelayMs: simulatedRefundDelayMs },
      comms: { batchPauseMs: broadcastBatchPauseMs },
      campaigns: {
        ratePerMinute: Number.isInteger(campaignRate) && campaignRate >= 1 ? campaignRate : 120,
        unsubscribeSecret,
        mailEventsSecret,
      },
      automations: {
        intervalMs: automationIntervalOk ? automationInterval : AUTOMATION_INTERVAL_DEFAULT_MS,
      },
      passwordHashCost: costOk ? passwordHashCost : PASSWORD_HASH_COST_DEFAULT,
      google: google && {
        issuer: googleIssuer,
        clientId: google.GOOGLE_CLIENT_ID,
        clientSecret: google.GOOGLE_CLIENT_SECRET,
      },
    },
    problems,
    notes,
    warnings,
  };
}

/** localhost, *.localhost, and loopback addresses (IPv4 127/8, IPv6 ::1). */
export function isLocalHostname(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/** A group of variables that go together: all set (and well formed), or none. */
function group<K extends string>(
  env: Env,
  problems: string[],
  notes: string[],
  label: string,
  patterns: Record<K, RegExp>,
  unsetMode = 'simulated',
): Record<K, string> | undefined {
  const names = Object.keys(patterns) as K[];
  const set = names.filter((n) => env[n]?.trim());
  if (set.length === 0) {
    notes.push(`${label}: ${unsetMode} (${names.join(', ')} not set).`);
    return undefined;
  }
  const missing = names.filter((n) => !env[n]?.trim());
  for (const name of missing) problems.push(`${name} is missing (needed with ${set.join(', ')}).`);
  for (const name of set) {
    if (!patterns[name].test(env[name]!.trim())) problems.push(`${name} is malformed.`);
  }
  if (missing.length > 0) return undefined;
  return Object.fromEntries(names.map((n) => [n, env[n]!.trim()])) as Record<K, string>;
}

function checkUrl(
  name: string,
  raw: string,
  protocols: string[],
  problems: string[],
  needsCredentials: boolean,
) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(`${name} is malformed: not a URL.`);
    return;
  }
  if (!protocols.includes(url.protocol)) {
    problems.push(`${name} is malformed: use ${protocols.map((p) => p.replace(':', '://')).join(' or ')}.`);
  }
  if (needsCredentials && (!url.username || !url.password)) {
    problems.push(
      `${name} is malformed: it must carry the admin credentials (http://admin:secret@host:5984).`,
    );
  }
}

export function adapterModes(
  config: Config,
): Record<'payments' | 'telephony' | 'mail' | 'googleSignIn', string> {
  return {
    payments: config.stripe ? 'stripe' : 'simulated',
    telephony: config.twilio ? 'twilio' : 'simulated',
    mail: config.smtp ? 'smtp' : 'simulated',
    googleSignIn: config.google ? 'oidc' : 'disabled',
  };
}
