import { type Kysely, sql } from 'kysely';

/**
 * Indexes for reads that went through whole tables which grow without end (db/index-plans.test.ts):
 *   evm_transactions_withdrawal_idx  a withdrawal's chain transactions, whatever their status: the sender's
 *                                    poll of unsent withdrawals, its lock of one, and the user's cancel
 *                                    (only PREPARED ones had an index, the unique one);
 *   withdrawal_addresses_user_idx    the addresses a user added lately, removed ones included (the limit
 *                                    on new ones; the unique index holds live addresses only);
 *   auth_tokens_challenge_idx        a passkey ceremony by its WebAuthn challenge (a day's tokens kept);
 *   kyc_submissions_user_idx         a user's newest identity check (only the pending one had an index);
 *   offer_bonuses_affiliate_idx      the offers a staker has had a bonus from, read by every new stake (the
 *                                    key is by offer first).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index evm_transactions_withdrawal_idx on evm_transactions (withdrawal_id)
    where withdrawal_id is not null`.execute(db);
  await sql`create index withdrawal_addresses_user_idx on withdrawal_addresses (user_id, created_at)`.execute(
    db,
  );
  await sql`create index auth_tokens_challenge_idx on auth_tokens (webauthn_challenge)
    where webauthn_challenge is not null`.execute(db);
  await sql`create index kyc_submissions_user_idx on kyc_submissions (user_id, kyc_id)`.execute(db);
  await sql`create index offer_bonuses_affiliate_idx on offer_bonuses (affiliate_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'offer_bonuses_affiliate_idx',
    'kyc_submissions_user_idx',
    'auth_tokens_challenge_idx',
    'withdrawal_addresses_user_idx',
    'evm_transactions_withdrawal_idx',
  ]) {
    await sql`drop index ${sql.id(index)}`.execute(db);
  }
}
