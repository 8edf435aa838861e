import { describe, expect, it } from 'vitest';
import { codeStatus } from './code-status.ts';

const idle = { pending: false, error: false, sponsor: undefined };

describe('codeStatus', () => {
  it('lets an empty code join', () => {
    expect(codeStatus('', '', idle)).toMatchObject({ state: 'empty', canJoin: true });
  });

  it('refuses text that is not a code', () => {
    expect(codeStatus('ab', 'ab', idle)).toMatchObject({ state: 'invalid', canJoin: false });
    expect(codeStatus('abc-123', 'abc-123', idle).state).toBe('invalid');
  });

  it('waits while typing and while the lookup runs', () => {
    expect(codeStatus('ABCD12', 'ABCD1', idle).state).toBe('checking');
    expect(codeStatus('ABCD12', 'ABCD12', { ...idle, pending: true }).state).toBe('checking');
  });

  it('names the sponsor, or says the code was not found', () => {
    const found = codeStatus('abcd12', 'abcd12', { ...idle, sponsor: { name: 'Jo*** D.', code: 'ABCD12' } });
    expect(found).toEqual({ state: 'found', message: 'Sponsor: Jo*** D.', canJoin: true });
    expect(codeStatus('ABCD12', 'ABCD12', { ...idle, sponsor: null })).toMatchObject({
      state: 'not-found',
      message: 'Code not found',
      canJoin: false,
    });
  });

  it('lets a code that could not be checked through to the server', () => {
    expect(codeStatus('ABCD12', 'ABCD12', { ...idle, error: true })).toMatchObject({
      state: 'unchecked',
      canJoin: true,
    });
  });
});
