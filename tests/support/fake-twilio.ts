/**
 * A local server speaking the part of Twilio's REST API (2010-04-01) that the Twilio adapter uses,
 * in its wire format: form-encoded requests with Basic authentication, JSON resources with
 * snake_case fields, list pages, and Twilio's error bodies. The real SDK reaches it through
 * `FakeTwilioHttpClient`, a `RequestClient` that rewrites `https://api.twilio.com` to this server.
 *
 * Every request is recorded. `callback` plays Twilio's side of a status callback: a form POST
 * signed with `X-Twilio-Signature`, the way Twilio signs it (URL + sorted fields, HMAC-SHA1 with the
 * auth token).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';

export const TEST_ACCOUNT_SID = 'AC' + '0123456789abcdef'.repeat(2);
export const TEST_AUTH_TOKEN = 'test-auth-token-0123456789';
export const TEST_FROM_NUMBER = '+15005550006';

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  /** The account and token of the Basic authentication, if any. */
  auth?: { username: string; password: string };
  /** When the request started to arrive (`performance.now()`). */
  at: number;
};

export type FakeCall = {
  sid: string;
  to: string;
  from: string;
  status: string;
  duration: string | null;
  form: URLSearchParams;
};

export type FakeConference = {
  sid: string;
  friendlyName: string;
  status: 'init' | 'in-progress' | 'completed';
};

export type FakeTwilio = {
  url: string;
  requests: RecordedRequest[];
  calls: Map<string, FakeCall>;
  conferences: Map<string, FakeConference>;
  /** A conference as Twilio would hold it once a participant joined. */
  addConference(friendlyName: string, status?: FakeConference['status']): FakeConference;
  /** An SDK HTTP client whose requests reach this server. */
  httpClient(): RequestClient;
  close(): Promise<void>;
};

const API = '/2010-04-01/Accounts/';

export async function startFakeTwilio(
  accountSid = TEST_ACCOUNT_SID,
  authToken = TEST_AUTH_TOKEN,
): Promise<FakeTwilio> {
  const requests: RecordedRequest[] = [];
  const calls = new Map<string, FakeCall>();
  const conferences = new Map<string, FakeConference>();

  const server = createServer((req, res) => {
    const at = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake-twilio');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
        auth: basicAuth(req),
        at,
      };
      requests.push(recorded);
      route(recorded, res);
    });
  });

  function route(request: RecordedRequest, res: ServerResponse) {
    const { method, path, form } = request;
    if (request.auth?.username !== accountSid || request.auth.password !== authToken) {
      return send(res, 401, twilioError(401, 20003, 'Authenticate'));
    }
    const base = `${API}${accountSid}`;
    if (method === 'POST' && path === `${base}/Calls.json`) {
      const call: FakeCall = {
        sid: sid('CA'),
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        status: 'queued',
        duration: null,
        form,
      };
      if (!/^\+[1-9]\d{6,14}$/.test(call.to)) {
        return send(
          res,
          400,
          twilioError(400, 21211, `The 'To' number ${call.to} is not a valid phone number.`),
        );
      }
      calls.set(call.sid, call);
      return send(res, 201, callResource(accountSid, call));
    }
    const callMatch = path.match(new RegExp(`^${base}/Calls/(\\w+)\\.json$`));
    if (method === 'GET' && callMatch) {
      const call = calls.get(callMatch[1]!);
      if (!call) return send(res, 404, notFound(path));
      return send(res, 200, callResource(accountSid, call));
    }
    if (method === 'POST' && callMatch) {
      const call = calls.get(callMatch[1]!);
      if (!call) return send(res, 404, notFound(path));
      const status = form.get('Status');
      if (status !== 'canceled' && status !== 'completed') {
        return send(res, 400, twilioError(400, 20001, `Invalid Status: ${status}`));
      }
      call.status = status;
      return send(res, 200, callResource(accountSid, call));
    }
    if (method === 'GET' && path === `${base}/Conferences.json`) {
      const friendlyName = request.query.get('FriendlyName');
      const status = request.query.get('Status');
      const found = [...conferences.values()].filter(
        (c) => (!friendlyName || c.friendlyName === friendlyName) && (!status || c.status === status),
      );
      const uri = `${base}/Conferences.json?${request.query}`;
      return send(res, 200, {
        conferences: found.map((c) => conferenceResource(accountSid, c)),
        first_page_uri: uri,
        next_page_uri: null,
        previous_page_uri: null,
        page: 0,
        page_size: 50,
        start: 0,
        end: Math.max(0, found.length - 1),
        uri,
      });
    }
    const conferenceMatch = path.match(new RegExp(`^${base}/Conferences/(\\w+)\\.json$`));
    if (method === 'POST' && conferenceMatch) {
      const conference = conferences.get(conferenceMatch[1]!);
      if (!conference) return send(res, 404, notFound(path));
      const status = form.get('Status');
      if (status !== null && status !== 'completed') {
        return send(res, 400, twilioError(400, 20001, `Invalid Status: ${status}`));
      }
      if (status === 'completed') conference.status = 'completed';
      return send(res, 200, conferenceResource(accountSid, conference));
    }
    send(res, 404, notFound(path));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    requests,
    calls,
    conferences,
    addConference(friendlyName, status = 'in-progress') {
      const conference: FakeConference = { sid: sid('CF'), friendlyName, status };
      conferences.set(conference.sid, conference);
      return conference;
    },
    httpClient: () => new FakeTwilioHttpClient(url),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The SDK's own HTTP client, sending to `baseUrl` what it would send to api.twilio.com. */
export class FakeTwilioHttpClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super({ keepAlive: false });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    return super.request({ ...opts, uri: opts.uri.replace(/^https:\/\/api\.twilio\.com/, this.baseUrl) });
  }
}

/**
 * Twilio's side of a status callback: POSTs `params` form-encoded to `url`, signed for `url` and
 * `params` unless `signed` says what the signature was made for (to test tampering).
 */
export function callback(
  url: string,
  params: Record<string, string>,
  options: { authToken?: string; signed?: { url?: string; params?: Record<string, string> } } = {},
): Promise<Response> {
  const signature = twilio.getExpectedTwilioSignature(
    options.authToken ?? TEST_AUTH_TOKEN,
    options.signed?.url ?? url,
    options.signed?.params ?? params,
  );
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signature,
      'user-agent': 'TwilioProxy/1.1',
    },
    body: new URLSearchParams(params).toString(),
  });
}

function basicAuth(req: IncomingMessage): RecordedRequest['auth'] {
  const match = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sid(prefix: string): string {
  return prefix + randomBytes(16).toString('hex');
}

function twilioError(status: number, code: number, message: string) {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}

function notFound(path: string) {
  return twilioError(404, 20404, `The requested resource ${path} was not found`);
}

const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');

function callResource(accountSid: string, call: FakeCall) {
  const now = rfc2822(new Date());
  return {
    sid: call.sid,
    account_sid: accountSid,
    api_version: '2010-04-01',
    to: call.to,
    to_formatted: call.to,
    from: call.from,
    from_formatted: call.from,
    status: call.status,
    direction: 'outbound-api',
    duration: call.duration,
    price: null,
    price_unit: 'USD',
    parent_call_sid: null,
    phone_number_sid: null,
    answered_by: null,
    caller_name: null,
    forwarded_from: null,
    group_sid: null,
    queue_time: '0',
    trunk_sid: null,
    date_created: now,
    date_updated: now,
    start_time: null,
    end_time: null,
    uri: `${API}${accountSid}/Calls/${call.sid}.json`,
    subresource_uris: {},
  };
}

function conferenceResource(accountSid: string, conference: FakeConference) {
  const now = rfc2822(new Date());
  return {
    sid: conference.sid,
    account_sid: accountSid,
    api_version: '2010-04-01',
    friendly_name: conference.friendlyName,
    status: conference.status,
    region: 'us1',
    reason_conference_ended: conference.status === 'completed' ? 'conference-ended-via-api' : null,
    call_sid_ending_conference: null,
    date_created: now,
    date_updated: now,
    uri: `${API}${accountSid}/Conferences/${conference.sid}.json`,
    subresource_uris: {},
  };
}
