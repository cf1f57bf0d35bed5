import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, type SessionAccount } from '../../services/current-user.ts';
import { SessionCache } from './session-cache.ts';

const account = (id: string, recheckAt = 1_000): SessionAccount => ({
  verifiedAt: 0,
  user: {
    id,
    email: `${id}@example.com`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: null,
    role: 'customer',
    customers: [],
    notificationPreferences: DEFAULT_PREFERENCES,
    previousSignInAt: null,
    pendingEmail: null,
    secondFactorPending: false,
  },
  recheckAt,
});

const enabledCache = (max?: number) => {
  const cache = new SessionCache(max);
  cache.setEnabled(true);
  return cache;
};

describe('SessionCache', () => {
  it('keeps nothing until the database can tell it about changes', () => {
    const cache = new SessionCache();
    cache.set('a', account('a'), cache.generation);
    expect(cache.get('a', 0)).toBeUndefined();
    cache.setEnabled(true);
    cache.set('a', account('a'), cache.generation);
    expect(cache.get('a', 0)?.user.id).toBe('a');
    cache.setEnabled(false);
    expect(cache.get('a', 0)).toBeUndefined();
  });

  it('answers an entry only until its recheck time', () => {
    const cache = enabledCache();
    cache.set('a', account('a', 500), cache.generation);
    expect(cache.get('a', 499)?.user.id).toBe('a');
    expect(cache.get('a', 500)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('refuses a read that started before a change', () => {
    const cache = enabledCache();
    const readAt = cache.generation;
    cache.clear();
    cache.set('a', account('a'), readAt);
    expect(cache.get('a', 0)).toBeUndefined();
  });

  it('forgets every entry on a change', () => {
    const cache = enabledCache();
    cache.set('a', account('a'), cache.generation);
    cache.set('b', account('b'), cache.generation);
    cache.clear();
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('b', 0)).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = enabledCache(2);
    for (const id of ['a', 'b', 'c']) cache.set(id, account(id), cache.generation);
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('b', 0)?.user.id).toBe('b');
    expect(cache.get('c', 0)?.user.id).toBe('c');
  });
});
