import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';

const ZPercent = z.string().regex(/^(0|[1-9][0-9]{0,2})(\.[0-9]{1,4})?$/, 'must be a percent such as "0.30"');
const ZFit = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,12})(\.[0-9]{1,8})?$/, 'must be an amount of FIT24 such as "10"');

/** The programme's numbers (DESIGN §3 "Affiliate and staking"), from config/affiliate.json. */
export const ZAffiliateConfig = z
  .object({
    yield_percent: ZPercent,
    boosted_yield_percent: ZPercent,
    min_stake: ZFit,
    boost_window_seconds: z.number().int().positive(),
    target_multiplier: z.number().int().positive(),
    target_multiplier_after_window: z.number().int().positive(),
    level_income_percent: z.array(ZPercent).max(20),
    min_claim: ZFit,
    default_surge: z
      .string()
      .regex(/^[0-9](\.[0-9])?$/, 'must be a multiplier with one decimal such as "1.0"'),
  })
  .strict();
export type AffiliateConfig = z.infer<typeof ZAffiliateConfig>;

export const defaultAffiliateConfig: AffiliateConfig = {
  yield_percent: '0.30',
  boosted_yield_percent: '0.60',
  min_stake: '10',
  boost_window_seconds: 1_296_000,
  target_multiplier: 2,
  target_multiplier_after_window: 4,
  level_income_percent: ['10', '5', '3', '2', '1'],
  min_claim: '1',
  default_surge: '1.0',
};

/** Reads the file when it exists; every problem is named, as for the environment. */
export function loadAffiliateConfig(path: string, problems: string[]): AffiliateConfig {
  if (!existsSync(path)) return defaultAffiliateConfig;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    problems.push(`${path} is not valid JSON.`);
    return defaultAffiliateConfig;
  }
  const parsed = ZAffiliateConfig.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    problems.push(`${path}: ${issue.path.join('.') || 'file'} ${issue.message}.`);
  return defaultAffiliateConfig;
}
