import { i18n } from '../i18n/i18n.ts';

/** An account number or IBAN with all but its last four characters hidden: "•••• 6819". */
export function maskAccountNumber(accountNumber: string): string {
  const compact = accountNumber.replace(/\s+/g, '');
  if (compact.length <= 4) return compact;
  return `•••• ${compact.slice(-4)}`;
}

/** A network's name for people: "bitcoin" → "Bitcoin". */
export function networkLabel(network: string): string {
  return network.charAt(0).toUpperCase() + network.slice(1);
}

/** A file size for people: "820 B", "14.2 KB", "3.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** How long ago an epoch-seconds moment was: "just now", "5 min ago", "3 h ago", "2 days ago". */
export function formatAgo(epochSeconds: number, nowSeconds: number): string {
  const elapsed = Math.max(0, nowSeconds - epochSeconds);
  if (elapsed < 60) return i18n.t('time.justNow');
  if (elapsed < 3600) return i18n.t('time.minAgo', { count: Math.floor(elapsed / 60) });
  if (elapsed < 86_400) return i18n.t('time.hAgo', { count: Math.floor(elapsed / 3600) });
  return i18n.t('time.daysAgo', { count: Math.floor(elapsed / 86_400) });
}

/** A short name for a signed-in device from its user agent: "Chrome on Android", "Safari on iPhone". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return i18n.t('device.unknown');
  const ua = userAgent;
  // The app's own installation id (device_uuid) names a device but says nothing about it.
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(ua)) {
    return i18n.t('device.app', { id: ua.slice(0, 8) });
  }
  const os = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\/|CriOS\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : null;
  if (os && browser) return i18n.t('device.on', { browser, os });
  return os ?? browser ?? (ua.length > 40 ? `${ua.slice(0, 40)}…` : ua);
}
