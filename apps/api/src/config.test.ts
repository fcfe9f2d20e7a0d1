import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  formatProductionProblems,
  loadConfig,
  productionAllowances,
  companyInfo,
  companyInfoWarning,
  productionProblems,
} from './config';

describe('configuration', () => {
  it('links to the port it serves when PUBLIC_URL is not set', () => {
    expect(loadConfig({ PORT: '3456' }).PUBLIC_URL).toBe('http://localhost:3456');
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3456', PUBLIC_URL: 'https://bilheteira.pt' }).PUBLIC_URL).toBe(
      'https://bilheteira.pt',
    );
  });

  it('names every invalid variable and fails at start', () => {
    expect(() => loadConfig({ PORT: 'x', PUBLIC_URL: 'not a url' })).toThrow(/PORT[\s\S]*PUBLIC_URL/);
  });
});

describe('production fails closed', () => {
  const secret = (c: string) => `${c}9f2b7c1e4a6d8053b1c2e7f4a9d6c3b8e5`;
  /** A production environment with nothing unsafe: each test breaks one thing. */
  const safe = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://bilheteira@db:5432/bilheteira',
    STRIPE_SECRET_KEY: 'sk_live_abc',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    ALTCHA_HMAC_KEY: secret('a'),
    LINK_SIGNING_SECRET: secret('l'),
  };
  const problems = (env: Record<string, string | undefined>) => productionProblems(loadConfig(env));

  it('accepts a real production configuration', () => {
    expect(problems(safe)).toEqual([]);
    expect(loadConfig(safe).SEED_DEMO).toBe(false);
  });

  it('applies no production rule outside production', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ NODE_ENV: 'test' })).toEqual([]);
    expect(loadConfig({}).SEED_DEMO).toBe(true);
  });

  it('lists every problem of an empty production environment at once', () => {
    const list = problems({ NODE_ENV: 'production' });
    const text = formatProductionProblems(list);
    for (const name of ['STRIPE_SECRET_KEY', 'DATABASE_URL', 'ALTCHA_HMAC_KEY', 'LINK_SIGNING_SECRET'])
      expect(text).toContain(name);
    expect(list).toHaveLength(4);
    expect(text).toMatch(/^Refusing to start with NODE_ENV=production: 4 problems/);
  });

  it('refuses the sandbox payment provider unless allowed explicitly', () => {
    expect(problems({ ...safe, STRIPE_SECRET_KEY: undefined }).join()).toMatch(/No payment provider/);
    expect(problems({ ...safe, STRIPE_SECRET_KEY: undefined, ALLOW_SANDBOX_PAYMENTS: 'true' })).toEqual([]);
    expect(problems({ ...safe, STRIPE_SECRET_KEY: undefined, ALLOW_SANDBOX_PAYMENTS: 'false' })).toHaveLength(
      1,
    );
  });

  it('refuses Stripe test keys (test cards buy for free) and an incomplete Stripe setup', () => {
    expect(problems({ ...safe, STRIPE_SECRET_KEY: 'sk_test_abc' }).join()).toMatch(/test-mode key/);
    expect(problems({ ...safe, STRIPE_SECRET_KEY: 'sk_test_abc', ALLOW_SANDBOX_PAYMENTS: 'true' })).toEqual(
      [],
    );
    expect(problems({ ...safe, STRIPE_WEBHOOK_SECRET: undefined }).join()).toMatch(/STRIPE_WEBHOOK_SECRET/);
    expect(problems({ ...safe, STRIPE_PUBLISHABLE_KEY: undefined }).join()).toMatch(/STRIPE_PUBLISHABLE_KEY/);
  });

  it('seeds no demo data in production by default and refuses SEED_DEMO=true without ALLOW_DEMO_DATA', () => {
    expect(problems({ ...safe, SEED_DEMO: 'true' }).join()).toMatch(/SEED_DEMO=true/);
    expect(problems({ ...safe, SEED_DEMO: 'true', ALLOW_DEMO_DATA: 'true' })).toEqual([]);
    expect(problems({ ...safe, SEED_DEMO: 'false' })).toEqual([]);
  });

  it('refuses the embedded database unless allowed explicitly', () => {
    expect(problems({ ...safe, DATABASE_URL: undefined }).join()).toMatch(/DATABASE_URL is not set/);
    expect(problems({ ...safe, DATABASE_URL: '' }).join()).toMatch(/DATABASE_URL is not set/);
    expect(problems({ ...safe, DATABASE_URL: undefined, ALLOW_EMBEDDED_DATABASE: 'true' })).toEqual([]);
  });

  it('refuses the development tools', () => {
    expect(problems({ ...safe, DEV_TOOLS: 'true' }).join()).toMatch(/DEV_TOOLS/);
  });

  it('refuses missing, short, published or placeholder secrets', () => {
    for (const name of ['ALTCHA_HMAC_KEY', 'LINK_SIGNING_SECRET'] as const) {
      expect(problems({ ...safe, [name]: undefined }).join()).toMatch(new RegExp(`${name} is not set`));
      expect(problems({ ...safe, [name]: 'x7Kp2mQ9vL4nR8tW1yZ3' }).join()).toMatch(
        new RegExp(`${name} is too short`),
      );
      expect(problems({ ...safe, [name]: 'change-me-change-me-change-me-change-me' }).join()).toMatch(
        /placeholder/,
      );
      expect(problems({ ...safe, [name]: 'a'.repeat(40) }).join()).toMatch(/not random enough/);
    }
    // the development captcha key is in the source code
    expect(
      problems({ ...safe, ALTCHA_HMAC_KEY: 'bilheteira-dev-altcha-hmac-key-not-for-production' }),
    ).toHaveLength(1);
    // the operator API may stay off; a key that is set must be strong
    expect(problems(safe)).toEqual([]);
    expect(problems({ ...safe, OPERATOR_KEY: 'operator-key-0001' }).join()).toMatch(
      /OPERATOR_KEY is too short/,
    );
    expect(problems({ ...safe, OPERATOR_KEY: secret('o') })).toEqual([]);
  });

  it('names what a production start was allowed to do unsafely', () => {
    expect(productionAllowances(loadConfig(safe))).toEqual([]);
    const allowed = loadConfig({
      ...safe,
      STRIPE_SECRET_KEY: undefined,
      DATABASE_URL: undefined,
      SEED_DEMO: 'true',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ALLOW_DEMO_DATA: 'true',
      ALLOW_EMBEDDED_DATABASE: 'true',
    });
    expect(productionProblems(allowed)).toEqual([]);
    expect(productionAllowances(allowed)).toHaveLength(3);
  });

  it('names the company of the footer: configured, demo values outside production, a warning without them in production', () => {
    expect(companyInfo(loadConfig({}))).toMatchObject({ name: 'Bilheteira, Lda.', nif: '500000000' });
    const own = { COMPANY_NAME: 'Festas, S.A.', COMPANY_NIF: '501234567', COMPANY_ADDRESS: 'Rua A 1, Porto' };
    expect(companyInfo(loadConfig(own))).toEqual({
      name: 'Festas, S.A.',
      nif: '501234567',
      address: 'Rua A 1, Porto',
    });
    expect(companyInfo(loadConfig(safe))).toBeNull();
    expect(companyInfoWarning(loadConfig(safe))).toMatch(/COMPANY_NAME/);
    expect(companyInfoWarning(loadConfig({ ...safe, ...own }))).toBeUndefined();
    expect(companyInfoWarning(loadConfig({}))).toBeUndefined();
  });

  it('reports a bad variable as a ConfigError (printed without a stack trace)', () => {
    expect(() => loadConfig({ PORT: 'x' })).toThrow(ConfigError);
  });
});
