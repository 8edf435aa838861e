import nodemailer from 'nodemailer';
import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Channel, Messenger } from '../../messenger.ts';
import { phraseOf, phraseOfUser } from '../security/protection.repository.ts';
import * as outbox from './outbox.repository.ts';
import { twilioSmsChannel } from './sms.ts';

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

/** The line every email to a user with a phrase opens with. */
export function antiPhishingLine(phrase: string): string {
  return `Your anti-phishing code: «${phrase}»`;
}

/**
 * Every email to a user opens with the user's anti-phishing phrase, whatever module wrote it: the
 * phrase is looked up (by the message's user, else by the recipient's address) when the email leaves, so
 * no message can forget it (and a phrase changed a moment ago is already the one shown). SMS never
 * carries it.
 */
export function withAntiPhishing(db: Database, channel: Channel): Channel {
  return {
    async send(message) {
      const phrase =
        message.userId !== undefined
          ? await phraseOfUser(db, message.userId)
          : await phraseOf(db, message.to);
      await channel.send(
        phrase ? { ...message, text: `${antiPhishingLine(phrase)}\n\n${message.text}` } : message,
      );
    },
  };
}

export type MessagingConfig = Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'smsUrl' | 'smsFrom'>;

/**
 * Email over SMTP when `SMTP_URL` is set, SMS through the provider (Twilio's REST API) when `SMS_URL`
 * is set; either falls back to the outbox, which production refuses to start with (config.ts).
 */
export function createMessenger(
  db: Database,
  clock: Clock,
  config: MessagingConfig,
): Messenger & { close(): void } {
  const smtpEmail = config.smtpUrl ? smtpChannel(config.smtpUrl, config.mailFrom) : null;
  return {
    email: withAntiPhishing(db, smtpEmail ?? outboxChannel(db, clock, 'email')),
    sms: config.smsUrl ? twilioSmsChannel(config.smsUrl, config.smsFrom) : outboxChannel(db, clock, 'sms'),
    close() {
      smtpEmail?.close();
    },
  };
}
