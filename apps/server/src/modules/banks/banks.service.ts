import type { TBank, TBankBody } from '@fit24/contract';
import { countrySpecs, isValidBIC, isValidIBAN } from 'ibantools';
import { toEpochSeconds } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { BankRow } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/app-error.ts';
import * as usersRepo from '../account/users.repository.ts';
import { isAssignedCountry } from '../system/countries.ts';
import * as banksRepo from './banks.repository.ts';

export const MAX_BANKS_PER_USER = 10;

/** The account number shown back: only its last four characters, as on a statement. */
export function maskAccountNumber(accountNumber: string): string {
  return `•••• ${accountNumber.slice(-4)}`;
}

export function bankRowToBank(row: BankRow): TBank {
  return {
    bank_id: Number(row.bank_id),
    account_holder: row.account_holder,
    bank_name: row.bank_name,
    account_number: maskAccountNumber(row.account_number),
    swift_code: row.swift_code,
    ifsc_code: row.ifsc_code,
    country_code: row.country_code,
    creation_date: toEpochSeconds(row.created_at),
  };
}

/** Countries in the IBAN registry take an IBAN as the account number. */
export function usesIban(countryCode: string): boolean {
  const spec = (countrySpecs as Record<string, { IBANRegistry?: boolean; chars?: number }>)[countryCode];
  return Boolean(spec?.IBANRegistry && spec.chars);
}

type BankInput = Omit<TBankBody, 'account_number'> & { account_number: string };

/** Checks a bank account the way a payments team would before it is used for a payout. */
export function validateBank(input: BankInput): void {
  if (!isAssignedCountry(input.country_code)) {
    throw badRequest('The country is not known.', { country_code: 'is not a known country' });
  }
  if (usesIban(input.country_code)) {
    if (!input.account_number.startsWith(input.country_code) || !isValidIBAN(input.account_number)) {
      throw badRequest(`Enter a valid ${input.country_code} IBAN as the account number.`, {
        account_number: `must be a valid IBAN of ${input.country_code}`,
      });
    }
  } else if (!/^[0-9A-Z]{4,34}$/.test(input.account_number)) {
    throw badRequest('The account number is not valid.', {
      account_number: 'must be 4 to 34 letters or digits',
    });
  }
  if (input.swift_code && !isValidBIC(input.swift_code)) {
    throw badRequest('The SWIFT/BIC code is not valid.', { swift_code: 'is not a valid SWIFT/BIC code' });
  }
  if (input.swift_code && input.swift_code.slice(4, 6) !== input.country_code) {
    throw badRequest('The SWIFT/BIC code belongs to another country.', {
      swift_code: `must be a code of a bank in ${input.country_code}`,
    });
  }
  if (input.country_code === 'IN' && !input.ifsc_code) {
    throw badRequest('Indian bank accounts need an IFSC code.', { ifsc_code: 'is required for India' });
  }
  if (input.ifsc_code && input.country_code !== 'IN') {
    throw badRequest('IFSC codes are only for Indian bank accounts.', { ifsc_code: 'is only for India' });
  }
}

export async function list(ctx: AppContext, userId: bigint): Promise<TBank[]> {
  const rows = await banksRepo.listOfUser(ctx.db, userId);
  return rows.map(bankRowToBank);
}

export async function create(ctx: AppContext, userId: bigint, input: BankInput): Promise<TBank> {
  validateBank(input);
  return ctx.db.transaction().execute(async (trx) => {
    // The user's row lock makes count-then-insert one step: parallel adds never pass the limit.
    await usersRepo.lockById(trx, userId);
    const existing = await banksRepo.accountNumbersOfUser(trx, userId);
    if (existing.some((b) => b.account_number === input.account_number)) {
      throw new AppError('CONFLICT', 'This bank account is already saved.', {
        account_number: 'is already saved',
      });
    }
    if (existing.length >= MAX_BANKS_PER_USER) {
      throw new AppError('UNPROCESSABLE', `You can keep at most ${MAX_BANKS_PER_USER} bank accounts.`);
    }
    const row = await banksRepo.insert(trx, {
      user_id: userId,
      account_holder: input.account_holder,
      bank_name: input.bank_name,
      account_number: input.account_number,
      swift_code: input.swift_code ?? null,
      ifsc_code: input.ifsc_code ?? null,
      country_code: input.country_code,
      created_at: ctx.clock.now(),
    });
    return bankRowToBank(row);
  });
}
