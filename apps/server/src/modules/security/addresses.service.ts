import type { TAddressAddInput, TSavedAddress, TSecurity } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AssetRow } from '../../db/schema-funds.ts';
import { AppError, badRequest, notFound } from '../../http/app-error.ts';
import { uniqueAnswers } from '../../http/database-errors.ts';
import * as usersRepo from '../account/users.repository.ts';
import { deliver, mustFind, otpChecks } from '../auth/auth.service.ts';
import { otpMessages } from '../auth/messages.ts';
import * as otps from '../auth/otp.service.ts';
import { assetById } from '../funds/assets.service.ts';
import { links, notify } from '../notifications/notifications.service.ts';
import * as repo from './addresses.repository.ts';
import * as attempts from './attempts.ts';
import { overview } from './security.service.ts';
import { utcMinute } from './security-messages.ts';
import { assertSecondFactor, type SecondFactorProof } from './two-factor.service.ts';

/**
 * The withdrawal address book and whitelist-only mode. A saved address is UNCONFIRMED until the code
 * emailed for it (each address has its own code), then PENDING for `addressDelaySeconds`, then ACTIVE.
 * While whitelist-only is on — and for the same delay after it is turned off — withdrawals go only to
 * ACTIVE addresses: someone who takes over a session can neither add an address and use it at once,
 * nor switch the whitelist off and withdraw at once.
 */

/** Addresses one user may add (each sends an email) in `ADD_WINDOW_SECONDS`. */
const ADD_LIMIT = 10;
const ADD_WINDOW_SECONDS = 900;

const codeTarget = (addressId: bigint | number) => `address:${addressId}`;
const notFoundAddress = () => notFound('There is no saved address of yours with this id.');

export function statusOf(row: repo.SavedAddressRow, now: Date): TSavedAddress['status'] {
  if (row.confirmed_at === null || row.usable_at === null) return 'UNCONFIRMED';
  return row.usable_at > now ? 'PENDING' : 'ACTIVE';
}

export function savedAddressRowToSavedAddress(row: repo.SavedAddressRow, now: Date): TSavedAddress {
  return {
    address_id: Number(row.address_id),
    asset_id: row.asset_id,
    symbol: row.symbol,
    network: row.network,
    label: row.label,
    address: row.address,
    memo: row.memo,
    status: statusOf(row, now),
    usable_date: row.usable_at === null ? null : toEpochSeconds(row.usable_at),
    creation_date: toEpochSeconds(row.created_at),
  };
}

export async function list(ctx: AppContext, userId: bigint, assetId?: number): Promise<TSavedAddress[]> {
  if (assetId !== undefined) await assetById(ctx.db, assetId);
  const now = ctx.clock.now();
  return (await repo.listOf(ctx.db, userId, assetId)).map((row) => savedAddressRowToSavedAddress(row, now));
}

const duplicate = () => {
  const [name, message, fields] = uniqueAnswers.withdrawal_addresses_live_key!;
  return new AppError(name, message, fields);
};

/**
 * Saves an address (second factor when on) and emails its confirmation code. One entry per address and
 * memo: a duplicate, also one added in parallel, is 409.
 */
export async function add(
  ctx: AppContext,
  userId: bigint,
  input: TAddressAddInput,
  ip: string,
): Promise<TSavedAddress> {
  const asset = await assetById(ctx.db, input.asset_id);
  if (!ctx.chains.require(asset).isValidAddress(input.address)) {
    throw badRequest(`This is not a valid ${asset.network} address.`, {
      address: `is not a valid ${asset.network} address`,
    });
  }
  const memo = input.memo ? input.memo : null;
  // Checked before the second factor too, so a duplicate does not use up a code.
  if (await repo.findByAddress(ctx.db, userId, asset.asset_id, input.address, memo)) throw duplicate();
  await assertSecondFactor(ctx, userId, input, ip);
  const now = ctx.clock.now();
  const { row, user, code } = await ctx.db.transaction().execute(async (trx) => {
    // One add of a user at a time: the rate check and the duplicate check hold until the commit.
    const user = await usersRepo.lockById(trx, userId);
    await assertMayAdd(trx, userId, now);
    if (await repo.findByAddress(trx, userId, asset.asset_id, input.address, memo)) throw duplicate();
    // A parallel add of the same address that won the race: the unique index answers the same 409.
    const row = await repo.insert(trx, {
      userId,
      assetId: asset.asset_id,
      label: input.label,
      address: input.address,
      memo,
      now,
    });
    const code = await otps.issue(trx, now, userId, 'ADDRESS_CONFIRM', codeTarget(row.address_id), true);
    return { row, user, code };
  });
  await deliver(ctx, [
    [
      'email',
      otpMessages.addressConfirm(user.email, code, {
        symbol: asset.symbol,
        label: row.label,
        address: row.address,
        memo: row.memo,
      }),
    ],
  ]);
  return savedAddressRowToSavedAddress({ ...row, symbol: asset.symbol, network: asset.network }, now);
}

async function assertMayAdd(trx: Database, userId: bigint, now: Date): Promise<void> {
  const recent = await repo.addedSince(trx, userId, new Date(now.getTime() - ADD_WINDOW_SECONDS * 1000));
  if (recent.count < ADD_LIMIT || !recent.oldest) return;
  const wait = Math.max(
    1,
    Math.ceil((recent.oldest.getTime() + ADD_WINDOW_SECONDS * 1000 - now.getTime()) / 1000),
  );
  throw new AppError(
    'TOO_MANY_REQUESTS',
    `You added ${ADD_LIMIT} addresses in the last ${ADD_WINDOW_SECONDS / 60} minutes. Please wait ${Math.ceil(wait / 60)} minutes.`,
    undefined,
    wait,
  );
}

/**
 * Confirms a saved address with its emailed code, under the OTP limits (five tries per code, and per
 * account and address): it becomes usable `addressDelaySeconds` from now.
 */
export async function confirm(
  ctx: AppContext,
  userId: bigint,
  input: { address_id: number; otp: string },
  ip: string,
): Promise<TSavedAddress> {
  const entry = await repo.findOwn(ctx.db, userId, input.address_id);
  if (!entry) throw notFoundAddress();
  if (entry.confirmed_at !== null) throw new AppError('CONFLICT', 'This address is confirmed already.');
  const now = ctx.clock.now();
  const usableAt = new Date(now.getTime() + ctx.config.addressDelaySeconds * 1000);
  await attempts.guarded(ctx.db, now, otpChecks('ADDRESS_CONFIRM', String(userId), ip), async () => {
    const otp = await otps.attempt(
      ctx.db,
      now,
      userId,
      'ADDRESS_CONFIRM',
      input.otp,
      codeTarget(input.address_id),
    );
    await ctx.db.transaction().execute(async (trx) => {
      await otps.consume(trx, now, otp);
      if (!(await repo.confirm(trx, userId, input.address_id, now, usableAt))) throw notFoundAddress();
      await notify(trx, userId, {
        type: 'SECURITY_CHANGED',
        params: { change: 'ADDRESS_CONFIRMED', symbol: entry.symbol, label: entry.label, usableAt },
        link: links.security,
        now,
      });
    });
  });
  const row = await repo.findOwn(ctx.db, userId, input.address_id);
  if (!row) throw notFoundAddress();
  return savedAddressRowToSavedAddress(row, now);
}

/** Removes a saved address (second factor when on). */
export async function remove(
  ctx: AppContext,
  userId: bigint,
  input: { address_id: number } & SecondFactorProof,
  ip: string,
): Promise<void> {
  if (!(await repo.findOwn(ctx.db, userId, input.address_id))) throw notFoundAddress();
  await assertSecondFactor(ctx, userId, input, ip);
  if (!(await repo.remove(ctx.db, userId, input.address_id, ctx.clock.now()))) throw notFoundAddress();
}

/**
 * Whitelist-only on at once (stricter needs no second factor; a pending "off" is cancelled), or off:
 * the second factor when on, and the whitelist still holds for `addressDelaySeconds`.
 */
export async function setWhitelist(
  ctx: AppContext,
  userId: bigint,
  input: { enabled: 0 | 1 } & SecondFactorProof,
  ip: string,
): Promise<TSecurity> {
  if (input.enabled === 1) {
    await repo.whitelistOn(ctx.db, userId);
  } else if ((await mustFind(ctx, userId)).whitelist_only) {
    await assertSecondFactor(ctx, userId, input, ip);
    const now = ctx.clock.now();
    const ends = new Date(now.getTime() + ctx.config.addressDelaySeconds * 1000);
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.whitelistOff(trx, userId, now))) return;
      await notify(trx, userId, {
        type: 'SECURITY_CHANGED',
        params: { change: 'WHITELIST_OFF', until: ends },
        link: links.security,
        now,
      });
    });
  }
  return overview(ctx, userId);
}

/** When whitelist-only stops holding for this user: null while it is on, or once it has ended. */
export function whitelistEnds(config: AppConfig, user: UserRow): Date | null {
  if (user.whitelist_only || user.whitelist_off_at === null) return null;
  return new Date(user.whitelist_off_at.getTime() + config.addressDelaySeconds * 1000);
}

/**
 * While whitelist-only holds (on, or turned off less than the delay ago), a withdrawal's address and memo
 * must be an ACTIVE entry of the user's address book for the asset; else 422, with `until` when waiting
 * ends it. Call it in the withdrawal's transaction, on the user's row locked by `usersRepo.lockById`.
 * `always`: the address book holds whatever the setting (withdrawals made with a personal API key).
 */
export async function assertWhitelisted(
  trx: Database,
  config: AppConfig,
  user: UserRow,
  withdrawal: { asset: AssetRow; address: string; memo: string | null },
  now: Date,
  always = false,
): Promise<void> {
  const ends = whitelistEnds(config, user);
  if (!always && !user.whitelist_only && (ends === null || ends <= now)) return;
  const { asset, address, memo } = withdrawal;
  // When it still holds (an address-book-only withdrawal may come after it ended).
  const until = ends !== null && ends > now ? ends : null;
  const entry = await repo.findByAddress(trx, user.user_id, asset.asset_id, address, memo || null);
  const status = entry ? statusOf(entry, now) : null;
  if (status === 'ACTIVE') return;
  const endsText = until ? ` Whitelist-only ends at ${utcMinute(until)}.` : '';
  const rule =
    always && !user.whitelist_only
      ? 'API keys withdraw to your address book only'
      : 'Whitelist-only withdrawals are on';
  if (status === 'PENDING') {
    throw new AppError(
      'UNPROCESSABLE',
      `${rule}: this address is in your address book but not usable yet, until ${utcMinute(entry!.usable_at!)}.${endsText}`,
      { address: 'is not usable yet' },
      undefined,
      toEpochSeconds(until && until < entry!.usable_at! ? until : entry!.usable_at!),
    );
  }
  throw new AppError(
    'UNPROCESSABLE',
    status === 'UNCONFIRMED'
      ? `${rule}: this address is in your address book but not confirmed yet. Enter the code we emailed you.${endsText}`
      : `${rule}: this ${asset.symbol} address is not in your address book (or not usable yet). Add it in Security → Address book.${endsText}`,
    { address: 'is not in your address book' },
    undefined,
    until ? toEpochSeconds(until) : undefined,
  );
}
