import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
