import type { TSettings } from '@fit24/contract';
import { describe, expect, it } from 'vitest';
import { withChange } from './settings.ts';

const choice = { email: 0, push: 1 } as const;
const base: TSettings = {
  theme: 'dark',
  language: 'en',
  notifications: {
    order_filled: choice,
    price_alert: choice,
    deposit_credited: choice,
    withdrawal_sent: choice,
    new_device_signin: { email: 1, push: 1 },
    reward: choice,
  },
};

describe('a settings change shown before the server answers', () => {
  it('changes what is given and keeps the rest', () => {
    const next = withChange(base, { theme: 'light', notifications: { reward: { push: 0 } } });
    expect(next.theme).toBe('light');
    expect(next.language).toBe('en');
    expect(next.notifications.reward).toEqual({ email: 0, push: 0 });
    expect(next.notifications.order_filled).toEqual(choice);
    expect(base.notifications.reward).toEqual(choice);
  });
});
