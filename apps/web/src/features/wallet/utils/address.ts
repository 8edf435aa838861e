import type { TFunction } from 'i18next';
import { type AddressProblem, EVM_NETWORKS } from '../../../lib/address.ts';
import { networkLabel } from '../../../lib/format.ts';

/** The sentence under the address field for a problem, in the language on screen. */
export function addressProblemText(
  t: TFunction<'wallet'>,
  problem: AddressProblem,
  context: { symbol: string; network: string },
): string {
  const network = networkLabel(context.network);
  switch (problem) {
    case 'empty':
      return t('addressProblems.empty', { symbol: context.symbol });
    case 'format':
      return EVM_NETWORKS.has(context.network)
        ? t('addressProblems.formatEvm', { network })
        : t('addressProblems.format', { network });
    case 'checksum':
      return t('addressProblems.checksum');
  }
}
