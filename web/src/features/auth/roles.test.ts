import { describe, expect, it } from 'vitest';
import { canSeeContentHistory, deriveRoleFlags } from './roles';

describe('deriveRoleFlags', () => {
  it('free user', () => {
    expect(deriveRoleFlags({ role: 'user', subscription_type: 'free' })).toEqual({
      isAdmin: false,
      isPro: false,
      isFree: true,
    });
  });

  it('pro user', () => {
    expect(deriveRoleFlags({ role: 'user', subscription_type: 'pro' })).toEqual({
      isAdmin: false,
      isPro: true,
      isFree: false,
    });
  });

  it('admin counts as pro even on a free subscription', () => {
    expect(deriveRoleFlags({ role: 'admin', subscription_type: 'free' })).toEqual({
      isAdmin: true,
      isPro: true,
      isFree: false,
    });
  });

  it('no profile grants nothing', () => {
    expect(deriveRoleFlags(null)).toEqual({ isAdmin: false, isPro: false, isFree: false });
    expect(deriveRoleFlags(undefined)).toEqual({ isAdmin: false, isPro: false, isFree: false });
  });

  it('content history needs admin or pro', () => {
    expect(canSeeContentHistory(deriveRoleFlags({ role: 'user', subscription_type: 'free' }))).toBe(false);
    expect(canSeeContentHistory(deriveRoleFlags({ role: 'user', subscription_type: 'pro' }))).toBe(true);
    expect(canSeeContentHistory(deriveRoleFlags({ role: 'admin', subscription_type: 'free' }))).toBe(true);
  });
});
