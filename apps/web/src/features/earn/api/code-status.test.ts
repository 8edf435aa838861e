import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { codeStatus } from './code-status.ts';

const t = i18n.getFixedT('en', 'earn');

const idle = { pending: false, error: false, sponsor: undefined };

describe('codeStatus', () => {
  it('lets an empty code join', () => {
    expect(codeStatus(t, '', '', idle)).toMatchObject({ state: 'empty', canJoin: true });
  });

  it('refuses text that is not a code', () => {
    expect(codeStatus(t, 'ab', 'ab', idle)).toMatchObject({ state: 'invalid', canJoin: false });
    expect(codeStatus(t, 'abc-123', 'abc-123', idle).state).toBe('invalid');
  });

  it('waits while typing and while the lookup runs', () => {
    expect(codeStatus(t, 'ABCD12', 'ABCD1', idle).state).toBe('checking');
    expect(codeStatus(t, 'ABCD12', 'ABCD12', { ...idle, pending: true }).state).toBe('checking');
  });

  it('names the sponsor, or says the code was not found', () => {
    const found = codeStatus(t, 'abcd12', 'abcd12', {
      ...idle,
      sponsor: { name: 'Jo*** D.', code: 'ABCD12' },
    });
    expect(found).toEqual({ state: 'found', message: 'Sponsor: Jo*** D.', canJoin: true });
    expect(codeStatus(t, 'ABCD12', 'ABCD12', { ...idle, sponsor: null })).toMatchObject({
      state: 'not-found',
      message: 'Code not found',
      canJoin: false,
    });
  });

  it('lets a code that could not be checked through to the server', () => {
    expect(codeStatus(t, 'ABCD12', 'ABCD12', { ...idle, error: true })).toMatchObject({
      state: 'unchecked',
      canJoin: true,
    });
  });
});
