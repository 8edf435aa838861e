/**
 * The programme's default numbers (DESIGN §3). The server reads them from operator configuration and
 * does not publish them, so the screens show these defaults and the server has the last word (it answers
 * 422 with its own minimum).
 */
export const PROGRAMME = {
  yieldPercent: '0.30',
  boostedYieldPercent: '0.60',
  minStake: '10',
  levelIncomePercent: ['10', '5', '3', '2', '1'],
} as const;
