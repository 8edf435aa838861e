import { z } from 'zod';
import { ZCountryCode } from './auth.ts';
import { ZEmail, ZEpochSeconds, ZId } from './common.ts';

// ── Files (KYC documents) ───────────────────────────────────────────────────
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const ZUploadMime = z.enum(['image/jpeg', 'image/png', 'application/pdf']);
export const ZFile = z.object({
  file_id: z.number().int().positive(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  mime: ZUploadMime,
});
export type TFile = z.infer<typeof ZFile>;
export const ZFileData = z.object({ file: ZFile });

// ── KYC ─────────────────────────────────────────────────────────────────────
export const ZIdType = z.enum(['PASSPORT', 'NATIONAL_ID', 'DRIVING_LICENCE']);
export const KYC_MIN_AGE_YEARS = 18;

const text = (max: number) => z.string().trim().min(1, 'is required').max(max);

export const ZKycBody = z
  .object({
    first_name: text(100),
    last_name: text(100),
    date_of_birth: z.iso.date('must be a date as YYYY-MM-DD'),
    address: text(200),
    city: text(100),
    postal_code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9 -]{2,12}$/, 'must be 2 to 12 letters, digits, spaces or dashes'),
    country_code: ZCountryCode,
    id_type: ZIdType,
    id_number: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,30}$/, 'must be 4 to 30 letters, digits or dashes'),
    id_front_file_id: ZId,
    id_back_file_id: ZId.optional(),
    selfie_file_id: ZId,
  })
  .strict();
export type TKycBody = z.input<typeof ZKycBody>;

export const ZKyc = z.object({
  kyc_id: z.number().int().positive(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  first_name: z.string(),
  last_name: z.string(),
  date_of_birth: z.string(),
  country_code: z.string(),
  id_type: ZIdType,
  reason: z.string().nullable(),
  creation_date: ZEpochSeconds,
  decision_date: ZEpochSeconds.nullable(),
});
export type TKyc = z.infer<typeof ZKyc>;
export const ZKycData = z.object({ kyc: ZKyc });

// ── Bank accounts ───────────────────────────────────────────────────────────
export const ZBankBody = z
  .object({
    account_holder: text(100),
    bank_name: text(100),
    account_number: z
      .string()
      .trim()
      .transform((s) => s.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]{4,34}$/, 'must be 4 to 34 letters or digits')),
    swift_code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a SWIFT/BIC code of 8 or 11 characters')
      .optional(),
    ifsc_code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'must be an 11-character IFSC code such as HDFC0001234')
      .optional(),
    country_code: ZCountryCode,
  })
  .strict();
export type TBankBody = z.input<typeof ZBankBody>;

export const ZBank = z.object({
  bank_id: z.number().int().positive(),
  account_holder: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  swift_code: z.string().nullable(),
  ifsc_code: z.string().nullable(),
  country_code: z.string(),
  creation_date: ZEpochSeconds,
});
export type TBank = z.infer<typeof ZBank>;
export const ZBankData = z.object({ bank: ZBank });
export const ZBankListData = z.object({ banks: z.array(ZBank) });

// ── Banners ─────────────────────────────────────────────────────────────────
export const ZBanner = z.object({
  banner_id: z.number().int().positive(),
  title: z.string(),
  image_url: z.string(),
  link: z.string().nullable(),
});
export type TBanner = z.infer<typeof ZBanner>;
export const ZBannerListData = z.object({ banners: z.array(ZBanner) });
export const ZBannerBody = z
  .object({
    title: text(120),
    image_url: z.url('must be an http(s) URL').max(500),
    link: z.string().trim().max(500).optional(),
    sort_order: z.number().int().min(0).max(1000).optional(),
  })
  .strict();
export const ZBannerData = z.object({ banner: ZBanner });

// ── Operator KYC decisions ──────────────────────────────────────────────────
export const ZKycDecisionBody = z
  .object({ email_id: ZEmail, reason: z.string().trim().min(1).max(500).optional() })
  .strict();
