/** The messages the server sends (codes, alerts) and the channels that carry them; built in modules/messaging. */
export interface Message {
  to: string;
  subject: string;
  text: string;
  /** The one-time code the message carries, kept in the outbox so tests and developers can read it. */
  otp: string | null;
  /**
   * Whose anti-phishing phrase opens the email, when the address alone does not say: a code sent to an
   * email being added, a warning to an address the account just left. Otherwise found by address.
   */
  userId?: bigint;
}

/** Where a message goes: an email server, an SMS provider, or the outbox. */
export interface Channel {
  send(message: Message): Promise<void>;
}

export interface Messenger {
  email: Channel;
  sms: Channel;
}
