import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateApiKey } from './api-key-format';

/**
 * `docs/security/gitleaks.toml` is what secret scanners (gitleaks, and the pattern registered with GitHub's partner
 * program) match Vigil keys with: it must stay in step with the key format.
 */
describe('the published secret-scanning rule matches the key format', () => {
  const toml = readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'security', 'gitleaks.toml'), 'utf8');
  const pattern = /regex = '''(.+?)'''/.exec(toml)![1];
  // gitleaks uses Go regular expressions; this rule uses only syntax JavaScript reads the same way.
  const rule = new RegExp(pattern);

  it('matches every generated key, inside text as it would be found in a file', () => {
    for (let i = 0; i < 200; i++) {
      const key = generateApiKey('vigil');
      expect(rule.exec(`VIGIL_API_KEY="${key}"\n`)?.[1]).toBe(key);
    }
  });

  it.each([
    ['a truncated key', (k: string) => k.slice(0, -1)],
    ['another prefix', (k: string) => k.replace(/^vigil_/, 'other_')],
    ['a key run into more letters', (k: string) => `${k}x`],
  ])('does not match %s', (_name, change) => {
    expect(rule.test(`token ${change(generateApiKey('vigil'))} end`)).toBe(false);
  });

  it('names the keyword scanners prefilter on', () => {
    expect(toml).toMatch(/keywords = \["vigil_"\]/);
  });
});
