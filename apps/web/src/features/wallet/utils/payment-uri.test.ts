import { describe, expect, it } from 'vitest';
import { parsePaymentRequest } from './payment-uri.ts';

const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BTC = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

describe('parsePaymentRequest', () => {
  it('takes a plain address as it is, trimmed', () => {
    expect(parsePaymentRequest(`  ${ETH}\n`, 6)).toEqual({ address: ETH, amount: null });
    expect(parsePaymentRequest('', 6)).toBeNull();
  });

  it('reads an EIP-681 request: the address without the chain id, value in wei as ether', () => {
    expect(parsePaymentRequest(`ethereum:${ETH}@1?value=2.5e17`, 18)).toEqual({
      address: ETH,
      amount: '0.25',
    });
    expect(parsePaymentRequest(`ethereum:${ETH}?value=1000000000000000000`, 18)).toEqual({
      address: ETH,
      amount: '1',
    });
    expect(parsePaymentRequest(`ethereum:pay-${ETH}@11155111`, 18)).toEqual({ address: ETH, amount: null });
  });

  it('reads an EIP-681 token transfer: the recipient, and the amount in the token’s decimals', () => {
    const uri = `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${ETH}&uint256=1.5e7`;
    expect(parsePaymentRequest(uri, 6)).toEqual({ address: ETH, amount: '15' });
  });

  it('reads a BIP-21 request, in capitals too (as QR codes write it)', () => {
    expect(parsePaymentRequest(`bitcoin:${BTC}?amount=0.0015&label=Shop`, 8)).toEqual({
      address: BTC,
      amount: '0.0015',
    });
    expect(parsePaymentRequest(`BITCOIN:${BTC.toUpperCase()}?AMOUNT=1`, 8)).toEqual({
      address: BTC,
      amount: null,
    });
    expect(parsePaymentRequest(BTC.toUpperCase(), 8)).toEqual({ address: BTC, amount: null });
  });

  it('ignores an amount that is not a plain number', () => {
    expect(parsePaymentRequest(`bitcoin:${BTC}?amount=-1`, 8)).toEqual({ address: BTC, amount: null });
    expect(parsePaymentRequest(`ethereum:${ETH}?value=0x10`, 18)).toEqual({ address: ETH, amount: null });
  });
});
