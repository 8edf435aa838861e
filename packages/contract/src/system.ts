import { z } from 'zod';

export { APP_VERSION, APP_VERSION_CODE, appVersionCode } from './version.ts';

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
export type TPlatformVersion = z.infer<typeof ZPlatformVersion>;

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
