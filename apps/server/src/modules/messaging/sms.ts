import type { Channel } from '../../messenger.ts';

/** A provider that does not answer within this time has failed; the sign-up goes on without waiting. */
const SEND_TIMEOUT_MS = 15_000;

/** A sender id of this shape is a Twilio Messaging Service, sent as `MessagingServiceSid`, not `From`. */
const MESSAGING_SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;

/** The provider refused a message: its HTTP status and, from Twilio, its error code and words. */
export class SmsProviderError extends Error {
  constructor(
    readonly status: number,
    readonly providerCode: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'SmsProviderError';
  }
}

/**
 * SMS through Twilio's Messages API: `POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json`,
 * HTTP Basic with the account SID and auth token, a form-encoded `To`, `From` (or `MessagingServiceSid`)
 * and `Body`. `smsUrl` is `https://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com` (any base path is kept, so a
 * regional edge or a local stand-in works). A non-2xx answer is thrown with Twilio's message.
 */
export function twilioSmsChannel(smsUrl: string, from: string): Channel {
  const url = new URL(smsUrl);
  const accountSid = decodeURIComponent(url.username);
  const authToken = decodeURIComponent(url.password);
  // fetch refuses a URL with credentials in it: they travel in the Authorization header instead.
  const base = `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  const endpoint = `${base}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const sender: Record<string, string> = MESSAGING_SERVICE_SID.test(from)
    ? { MessagingServiceSid: from }
    : { From: from };

  return {
    async send(message) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: message.to, ...sender, Body: message.text }).toString(),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (response.ok) {
        await response.arrayBuffer();
        return;
      }
      throw await providerError(response);
    },
  };
}

/** Twilio's error body is `{code, message, more_info, status}`; anything else is reported by its status. */
async function providerError(response: Response): Promise<SmsProviderError> {
  const text = await response.text().catch(() => '');
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  const code = typeof body.code === 'number' ? body.code : null;
  const words = typeof body.message === 'string' ? body.message : text.slice(0, 200) || response.statusText;
  return new SmsProviderError(
    response.status,
    code,
    `The SMS provider refused the message (HTTP ${response.status}${code !== null ? `, error ${code}` : ''}): ${words}`,
  );
}
