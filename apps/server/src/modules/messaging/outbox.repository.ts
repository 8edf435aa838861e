import type { Database } from '../../db/database.ts';
import type { OutboxRow } from '../../db/schema.ts';

const OUTBOX_PAGE = 100;

/** Newest first; `to` narrows to one recipient (an email, lower-case, or a mobile number). */
export async function list(db: Database, to?: string): Promise<OutboxRow[]> {
  let query = db.selectFrom('outbox').selectAll().orderBy('message_id', 'desc').limit(OUTBOX_PAGE);
  if (to) query = query.where('recipient', '=', to);
  return query.execute();
}

export async function insert(
  db: Database,
  message: {
    channel: 'email' | 'sms';
    to: string;
    subject: string;
    text: string;
    otp: string | null;
    now: Date;
  },
): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      channel: message.channel,
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      otp: message.otp,
      created_at: message.now,
    })
    .execute();
}
