import { z } from 'zod';

export const APP_VERSION = '1.0.5';
export const APP_VERSION_CODE = 10005;

export const ZPlatformVersion = z.object({
  version: z.string(),
  code: z.number().int(),
  min_code: z.number().int(),
  store_url: z.string().nullable(),
});

export const ZVersionData = z.object({
  version: z.string(),
  code: z.number().int(),
  min_code: z.number().int(),
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
