import { describe, expect, it } from 'vitest';
import { toRequest } from './commands.ts';

describe('ops CLI commands', () => {
  it('turns words into the contract call, amounts as strings and ids as numbers', () => {
    expect(toRequest('deposit', ['a@b.co', 'BTC', '0.5', '--confirmations', '3'])).toEqual({
      method: 'POST',
      path: '/ops/devnet/deposit',
      body: { email_id: 'a@b.co', symbol: 'BTC', amount: '0.5', confirmations: 3 },
    });
    expect(toRequest('approve', ['12'])).toEqual({
      method: 'POST',
      path: '/ops/withdrawals/approve',
      body: { withdrawal_id: 12 },
    });
    expect(toRequest('outbox', ['--to', 'a@b.co'])).toEqual({
      method: 'GET',
      path: '/ops/outbox?to=a%40b.co',
    });
    expect(toRequest('audit', [])).toEqual({ method: 'GET', path: '/ops/audit' });
    expect(toRequest('market-halt', ['BTC/USDT'])).toEqual({
      method: 'POST',
      path: '/ops/market/status',
      body: { symbol: 'BTC/USDT', status: 'HALTED' },
    });
    expect(toRequest('market-resume', ['BTC/USDT'])).toEqual({
      method: 'POST',
      path: '/ops/market/status',
      body: { symbol: 'BTC/USDT', status: 'OPEN' },
    });
    expect(toRequest('freeze', ['a@b.co'])).toEqual({
      method: 'POST',
      path: '/ops/users/freeze',
      body: { email_id: 'a@b.co' },
    });
    expect(toRequest('unfreeze', ['a@b.co'])).toEqual({
      method: 'POST',
      path: '/ops/users/unfreeze',
      body: { email_id: 'a@b.co' },
    });
  });

  it('explains wrong usage', () => {
    expect(() => toRequest('nope', [])).toThrow(/Unknown command "nope"/);
    expect(() => toRequest('clock', [])).toThrow('Usage: clock <advance_seconds>');
    expect(() => toRequest('clock', ['soon'])).toThrow('advance_seconds must be a whole number.');
    expect(() => toRequest('outbox', ['--from', 'x'])).toThrow('outbox has no option --from.');
    expect(() => toRequest('outbox', ['--to'])).toThrow('--to needs a value.');
    expect(() => toRequest('market-halt', [])).toThrow('Usage: market-halt <symbol>');
    expect(() => toRequest('freeze', [])).toThrow('Usage: freeze <email_id>');
    expect(() => toRequest('unfreeze', ['a@b.co', 'extra'])).toThrow('Usage: unfreeze <email_id>');
  });
});
