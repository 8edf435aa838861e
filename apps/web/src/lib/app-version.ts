import { Capacitor } from '@capacitor/core';
import { APP_VERSION, APP_VERSION_CODE, ZVersionData } from '@fit24/contract';

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
  const parsed = ZVersionData.safeParse(version);
  if (!parsed.success) return null;
  const announced = parsed.data[platform];
  if (ownCode >= announced.min_code) return null;
  return { minCode: announced.min_code, storeUrl: platform === 'web' ? null : announced.store_url };
}
