import { describe, expect, it } from 'vitest';
import { linkSigningKey, unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

describe('unsubscribe token', () => {
  const key = 'k'.repeat(40);
  it('round-trips the customer id', () => {
    expect(verifyUnsubscribeToken(key, unsubscribeToken(key, 42))).toBe(42);
  });
  it('refuses another id, another key and garbage', () => {
    const t = unsubscribeToken(key, 42);
    expect(verifyUnsubscribeToken(key, t.replace(/^42/, '43'))).toBeUndefined();
    expect(verifyUnsubscribeToken('x'.repeat(40), t)).toBeUndefined();
    expect(verifyUnsubscribeToken(key, 'abc')).toBeUndefined();
    expect(verifyUnsubscribeToken(key, `0.${t.split('.')[1]}`)).toBeUndefined();
  });
  it('uses LINK_SIGNING_SECRET when long enough', () => {
    expect(linkSigningKey('http://x', key)).toBe(key);
    expect(linkSigningKey('http://x', 'short')).not.toBe('short');
  });
});
