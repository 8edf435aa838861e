import { z } from 'zod';

export const APP_VERSION = '1.0.5';
export const APP_VERSION_CODE = 10005;

/**
 * The version code of `major.minor.patch`: major × 10,000 + minor × 100 + patch, so codes order as the
 * versions do (Android's `versionCode` takes the same number). Null for anything else, or a minor or
 * patch above 99, which the code could not tell apart.
 */
export function appVersionCode(version: string): number | null {
  const match = /^([0-9]{1,3})\.([0-9]{1,2})\.([0-9]{1,2})$/.exec(version.trim());
  if (!match) return null;
  const [, major, minor, patch] = match;
  return Number(major) * 10_000 + Number(minor) * 100 + Number(patch);
}

const ZMinCode = z
  .number()
  .int()
  .describe('The lowest version code still supported: an app below it must update before use');

export const ZPlatformVersion = z.object({
  version: z.string(),
  code: z.number().int(),
  min_code: ZMinCode,
  store_url: z
    .string()
    .nullable()
    .describe('Where a native app is updated (its store page); null on the web'),
});

export const ZVersionData = z.object({
  version: z.string(),
  code: z.number().int(),
  min_code: ZMinCode,
  ios: ZPlatformVersion,
  android: ZPlatformVersion,
  web: ZPlatformVersion,
});
export type TVersionData = z.infer<typeof ZVersionData>;

export const ZCountry = z.object({
  code: z.string().length(2),
  name: z.string(),
  dial_code: z.string().regex(/^\+[0-9]+$/),
  flag: z.string(),
});
export type TCountry = z.infer<typeof ZCountry>;

export const ZCountryListData = z.object({ countries: z.array(ZCountry) });
export type TCountryListData = z.infer<typeof ZCountryListData>;
