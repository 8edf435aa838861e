/** This build's version, and the code that orders versions (no zod: the first screen reads these). */
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
