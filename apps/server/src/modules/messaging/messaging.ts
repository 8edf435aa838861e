import nodemailer from 'nodemailer';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import * as outbox from '../ops/outbox.repository.ts';

export interface Message {
  to: string;
  subject: string;
  text: string;
  /** The one-time code the message carries, kept in the outbox so tests and developers can read it. */
  otp: string | null;
}

/** Where a message goes: an email server, an SMS provider, or the outbox. */
export interface Channel {
  send(message: Message): Promise<void>;
}

export interface Messenger {
  email: Channel;
  sms: Channel;
}

/** The development and test fallback: messages are written to the outbox (`/ops/outbox`), not sent. */
export function outboxChannel(db: Database, clock: Clock, channel: 'email' | 'sms'): Channel {
  return {
    async send(message) {
      await outbox.insert(db, { channel, ...message, now: clock.now() });
    },
  };
}

export function smtpChannel(smtpUrl: string, from: string): Channel & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => transport.close(),
  };
}

/**
 * Email over SMTP when `SMTP_URL` is set, else the outbox. SMS has no provider configured in this
 * version: it goes to the outbox, behind the same interface a provider will implement.
 */
export function createMessenger(
  db: Database,
  clock: Clock,
  smtp: { url: string | null; from: string },
): Messenger & { close(): void } {
  const smtpEmail = smtp.url ? smtpChannel(smtp.url, smtp.from) : null;
  return {
    email: smtpEmail ?? outboxChannel(db, clock, 'email'),
    sms: outboxChannel(db, clock, 'sms'),
    close() {
      smtpEmail?.close();
    },
  };
}
