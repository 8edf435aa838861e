import { APP_VERSION, appVersionCode } from '@fit24/contract';

/** What `/api/version` tells the apps: the oldest version still served, and where native apps update. */
export interface AppVersionConfig {
  /** `MIN_APP_VERSION` as a version code (contract `appVersionCode`): an app below it must update. */
  minCode: number;
  /** The App Store page of the iOS app (`IOS_STORE_URL`), or null. */
  iosStoreUrl: string | null;
  /** The Google Play page of the Android app (`ANDROID_STORE_URL`), or null. */
  androidStoreUrl: string | null;
}

type Env = Record<string, string | undefined>;

/**
 * `MIN_APP_VERSION` (default: this release, `APP_VERSION`, as before it was configurable) and the store
 * pages. A minimum above this release is allowed: it is how an operator retires every build in the field.
 */
export function readAppVersion(env: Env, problems: string[]): AppVersionConfig {
  const minVersion = env.MIN_APP_VERSION?.trim() || APP_VERSION;
  const minCode = appVersionCode(minVersion);
  if (minCode === null) {
    problems.push(
      `MIN_APP_VERSION must be a version such as 1.0.5 (major.minor.patch, minor and patch up to 99; got "${minVersion}").`,
    );
  }
  return {
    minCode: minCode ?? 0,
    iosStoreUrl: storeUrl(env.IOS_STORE_URL, 'IOS_STORE_URL', problems),
    androidStoreUrl: storeUrl(env.ANDROID_STORE_URL, 'ANDROID_STORE_URL', problems),
  };
}

function storeUrl(value: string | undefined, name: string, problems: string[]): string | null {
  const url = value?.trim() || null;
  if (url && !/^https:\/\/[^\s]+$/.test(url)) {
    problems.push(`${name} must be an https:// address of the app's store page.`);
  }
  return url;
}
