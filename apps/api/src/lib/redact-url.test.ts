import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

const token = 'Xq3_vT9kLm2Pz8RwYb4NcD7eFg1HjK5sUa6VoQiE0t-';

describe('redactUrl', () => {
  it('redacts bearer tokens in the query', () => {
    expect(redactUrl(`/dashboard/home?accessToken=${token}`)).toBe('/dashboard/home?accessToken=[redacted]');
    expect(redactUrl(`/dashboard/impersonate?token=${token}&x=1`)).toBe(
      '/dashboard/impersonate?token=[redacted]&x=1',
    );
    expect(redactUrl(`/activate?lang=en&token=abc`)).toBe('/activate?lang=en&token=[redacted]');
    expect(redactUrl(`/unsub?token=12.${token}`)).toBe('/unsub?token=[redacted]');
    expect(redactUrl(`/x?access_token=a&api_key=b&signature=c&code=123456`)).toBe(
      '/x?access_token=[redacted]&api_key=[redacted]&signature=[redacted]&code=[redacted]',
    );
    // an unnamed value that looks like a token
    expect(redactUrl(`/x?ref=${token}`)).toBe('/x?ref=[redacted]');
  });

  it('redacts tokens in the path', () => {
    expect(redactUrl(`/site/festival-demo/account/reset-password/${token}`)).toBe(
      '/site/festival-demo/account/reset-password/[redacted]',
    );
    expect(redactUrl(`/dashboard/reset-password/${encodeURIComponent('short.token')}?x=1`)).toBe(
      '/dashboard/reset-password/[redacted]?x=1',
    );
    expect(redactUrl(`/api/things/${token}/more`)).toBe('/api/things/[redacted]/more');
    expect(redactUrl('/api/tickets/BT1.1.2.0.abc.def')).toBe('/api/tickets/[redacted]');
  });

  it('keeps what identifies a page: slugs, ids, ordinary parameters', () => {
    for (const url of [
      '/',
      '/events/festival-de-verao-2026-lisboa-edicao',
      '/api/orders/123/pay?locale=en',
      '/api/events?page=2&per_page=20',
      '/site/festival-demo/account/login',
    ])
      expect(redactUrl(url)).toBe(url);
  });

  it('copes with malformed encodings', () => {
    expect(redactUrl('/reset-password/%E0%A4%A?token=%')).toBe('/reset-password/[redacted]?token=[redacted]');
  });
});
