import { Capacitor } from '@capacitor/core';
import { APP_VERSION, APP_VERSION_CODE, type TPlatformVersion } from '@fit24/contract';

export type AppPlatform = 'web' | 'ios' | 'android';

/** This build's version: the contract's, compiled in, so an old build on a phone keeps its old code. */
export const OWN_VERSION = { version: APP_VERSION, code: APP_VERSION_CODE } as const;

/** Where the app runs: the native shells (Capacitor) or a browser. */
export function appPlatform(): AppPlatform {
  const platform = Capacitor.getPlatform();
  return platform === 'ios' || platform === 'android' ? platform : 'web';
}

export interface UpdateRequired {
  /** The oldest version code the server still serves on this platform. */
  minCode: number;
  /** The store page a native app updates from; null on the web (a reload gets the new build). */
  storeUrl: string | null;
}

/**
 * Whether this build is too old for the server (`/api/version`): its own code below the platform's
 * `min_code`. Null when it may carry on — also when the answer is not one this build understands (a
 * server of another shape must not lock the app on a guess).
 */
export function updateRequired(
  version: unknown,
  platform: AppPlatform,
  ownCode: number = OWN_VERSION.code,
): UpdateRequired | null {
  const announced = platformVersion(version, platform);
  if (!announced || ownCode >= announced.min_code) return null;
  return { minCode: announced.min_code, storeUrl: platform === 'web' ? null : announced.store_url };
}

/**
 * The platform's entry of `/api/version`, when it has the two fields the decision reads: a whole
 * `min_code`, and a `store_url` string or null. Checked by hand, not with the contract's schema, so the
 * check every first screen runs does not bring zod with it (issue 15's JavaScript budget).
 */
function platformVersion(
  version: unknown,
  platform: AppPlatform,
): Pick<TPlatformVersion, 'min_code' | 'store_url'> | null {
  if (typeof version !== 'object' || version === null) return null;
  const entry: unknown = (version as Record<string, unknown>)[platform];
  if (typeof entry !== 'object' || entry === null) return null;
  const { min_code, store_url } = entry as Record<string, unknown>;
  if (typeof min_code !== 'number' || !Number.isInteger(min_code)) return null;
  if (store_url !== null && typeof store_url !== 'string') return null;
  return { min_code, store_url };
}
