/** The expiry choices of a new key, in days; `never` keeps it until it is revoked. */
export const EXPIRY_CHOICES = ['d30', 'd90', 'd365', 'never'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

const DAYS: Record<Exclude<ExpiryChoice, 'never'>, number> = { d30: 30, d90: 90, d365: 365 };

/** The `expires_at` to send for a choice, from now (epoch seconds); null for a key that never expires. */
export function expiresAt(choice: ExpiryChoice, nowSeconds: number): number | null {
  return choice === 'never' ? null : nowSeconds + DAYS[choice] * 86_400;
}
