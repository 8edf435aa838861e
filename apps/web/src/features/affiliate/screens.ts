/** The affiliate sub-routes, `/affiliate/<screen>` (spec §2). Kept free of components so the router can
 * list them without loading the lazy module. */
export const AFFILIATE_SCREENS = [
  'stake',
  'invite',
  'partners',
  'team',
  'earnings',
  'surge',
  'offers',
  'ranks',
] as const;

export type AffiliateScreen = (typeof AFFILIATE_SCREENS)[number];
