import { fromBaseUnits } from '@fit24/contract';

/** What a scanned or pasted payment request asks for: where to, and how much when it says. */
export interface PaymentRequest {
  address: string;
  /** A plain decimal in whole coins ("0.25"), when the request names an amount. */
  amount: string | null;
}

/** Wei per ether: EIP-681's `value` is in wei. */
const ETHER_DECIMALS = 18;

/** An integer written plainly or in EIP-681's scientific form ("2.014e18"), or null. */
function integerOf(text: string): bigint | null {
  const match = /^(\d+)(?:\.(\d+))?(?:[eE]\+?(\d+))?$/.exec(text);
  if (!match) return null;
  const [, whole = '', fraction = '', exponent = '0'] = match;
  const shift = Number(exponent) - fraction.length;
  if (shift < 0)
    return /[1-9]/.test(fraction.slice(shift)) ? null : BigInt(whole + fraction.slice(0, shift) || '0');
  return BigInt(whole + fraction) * 10n ** BigInt(shift);
}

/** A bech32 address in capitals (QR codes write them so to be smaller) in the lowercase servers expect. */
function unshouted(address: string): string {
  return /^(BC|TB|BCRT)1[0-9A-Z]+$/.test(address) ? address.toLowerCase() : address;
}

function plainDecimal(text: string): string | null {
  return /^\d+(?:\.\d+)?$/.test(text) ? text : null;
}

/**
 * Reads what a QR code or the clipboard holds: a bare address, or a payment URI — `bitcoin:addr?amount=`
 * (BIP-21, amount in coins), `ethereum:0xabc@1?value=` (EIP-681, value in wei) or an EIP-681 token
 * transfer `ethereum:0xtoken@1/transfer?address=0xto&uint256=` (amount in the token's base units, read with
 * `tokenDecimals`). Returns null for empty text.
 */
export function parsePaymentRequest(text: string, tokenDecimals: number): PaymentRequest | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):(?!\/\/)(.*)$/s.exec(trimmed);
  if (!scheme) return { address: unshouted(trimmed), amount: null };
  const name = scheme[1]!.toLowerCase();
  const rest = scheme[2]!;
  const query = rest.indexOf('?');
  const path = query === -1 ? rest : rest.slice(0, query);
  const params = new URLSearchParams(query === -1 ? '' : rest.slice(query + 1));

  if (name === 'ethereum') {
    const [target = '', method = ''] = path.replace(/^pay-/, '').split('/');
    const contract = target.split('@')[0] ?? '';
    if (method === 'transfer') {
      const units = integerOf(params.get('uint256') ?? '');
      return {
        address: params.get('address') ?? '',
        amount: units === null ? null : fromBaseUnits(units, tokenDecimals),
      };
    }
    const wei = integerOf(params.get('value') ?? '');
    return {
      address: contract,
      amount: wei !== null ? fromBaseUnits(wei, ETHER_DECIMALS) : plainDecimal(params.get('amount') ?? ''),
    };
  }
  // BIP-21 and its kind: the address, then `amount` in whole coins. QR codes may write it in capitals.
  return {
    address: unshouted(path.split('/')[0] ?? ''),
    amount: plainDecimal(params.get('amount') ?? ''),
  };
}
