import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { AdminCdsOverrideReportResponseSchema } from '@vigil/contracts';
import { createDataSource } from '@vigil/db';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { seedCdsFeedback, times } from './support/cds-feedback.seed';

const cli = join(__dirname, '..', 'dist', 'cli.js');
const OTHER = 'other, "see note"';
const FORMULA = '=HYPERLINK("http://x.example")';

describe('operator CLI: cds overrides (CSV and JSON export of the override report)', () => {
  let db: TestDatabase;
  const vigil = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { env: { PATH: process.env.PATH, DATABASE_URL: db.url }, encoding: 'utf8', timeout: 60_000 });
  const accounts: Record<string, { id: string; email: string }> = {};

  beforeAll(async () => {
    db = await createTestDatabase();
    for (const name of ['xavier', 'yvonne']) {
      const r = vigil('accounts', 'create', '--email', `${name}@example.org`, '--json');
      expect(r.status).toBe(0);
      accounts[name] = JSON.parse(r.stdout);
    }
    const ds = createDataSource({ url: db.url, poolSize: 1, applicationName: 'cds-cli-test' });
    await ds.initialize();
    try {
      // Through the same repository the API's feedback endpoint writes with.
      await seedCdsFeedback(ds, accounts.xavier.id, null, 'warfarin-nsaid', [
        ...times(2, { outcome: 'overridden', reasonCode: OTHER, comment: 'bleeding risk, "managed"' }),
        { outcome: 'accepted' },
      ]);
      await seedCdsFeedback(ds, accounts.yvonne.id, null, 'warfarin-nsaid', [{ outcome: 'overridden', reasonCode: 'cds-not-applicable' }]);
      await seedCdsFeedback(ds, accounts.yvonne.id, null, 'ssri-nsaid', [{ outcome: 'overridden', reasonCode: FORMULA }, { outcome: 'accepted' }]);
    } finally {
      await ds.destroy();
    }
  }, 60_000);
  afterAll(async () => {
    await db.drop();
  });

  it('CSV per rule (the default): header row, CRLF, RFC 4180 quoting of a reason with a comma and quotes, formulas defused', () => {
    const r = vigil('cds', 'overrides');
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
    expect(r.stdout).toBe(
      [
        'ruleId,accepted,overridden,overrideRate,topReason,topReasonDisplay',
        'warfarin-nsaid,1,3,0.75,"other, ""see note""",',
        `ssri-nsaid,1,1,0.5,"'=HYPERLINK(""http://x.example"")",`,
        '',
      ].join('\r\n'),
    );
    expect(r.stdout).not.toContain('bleeding risk'); // users' free-text comments are never exported
  });

  it('CSV per account and rule names each account by id and email', () => {
    const r = vigil('cds', 'overrides', '--by', 'account', '--days', '7', '--format', 'csv');
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\r\n');
    expect(lines[0]).toBe('accountId,accountEmail,ruleId,accepted,overridden,overrideRate,topReason,topReasonDisplay');
    expect(lines.slice(1)).toEqual([
      `${accounts.xavier.id},xavier@example.org,warfarin-nsaid,1,2,0.6667,"other, ""see note""",`,
      `${accounts.yvonne.id},yvonne@example.org,ssri-nsaid,1,1,0.5,"'=HYPERLINK(""http://x.example"")",`,
      `${accounts.yvonne.id},yvonne@example.org,warfarin-nsaid,0,1,1,cds-not-applicable,Alert does not apply to this patient`,
      '',
    ]);
  });

  it('--format json (or --json) prints one JSON document: the admin API report', () => {
    for (const args of [['--format', 'json'], ['--json']]) {
      const r = vigil('cds', 'overrides', '--by', 'account', '--email', 'yvonne@example.org', ...args);
      expect(r.status).toBe(0);
      expect(r.stdout.trim().split('\n')).toHaveLength(1);
      const doc = JSON.parse(r.stdout);
      expect(AdminCdsOverrideReportResponseSchema.strict().safeParse(doc).success).toBe(true);
      expect(doc).toMatchObject({ by: 'account', accountId: accounts.yvonne.id, days: 30, truncated: false, totals: { accepted: 1, overridden: 2 } });
      expect(doc.rows).toEqual([
        // Equally overridden: the rule with more feedback first. JSON keeps the reason as sent.
        expect.objectContaining({ accountEmail: 'yvonne@example.org', ruleId: 'ssri-nsaid', overridden: 1, overrideRate: 0.5, topReason: FORMULA }),
        expect.objectContaining({ accountEmail: 'yvonne@example.org', ruleId: 'warfarin-nsaid', overridden: 1, overrideRate: 1 }),
      ]);
    }
  });

  it.each([
    [['--by', 'key'], /--by: by must be rule or account/],
    [['--by'], /--by needs a value/],
    [['--days', '0'], /--days: days must be at least 1/],
    [['--days', '366'], /--days: days must be at most 365/],
    [['--format', 'xml'], /--format must be csv or json/],
    [['--limit', '5'], /unexpected --limit/],
  ])('%j is a usage error: exit 2, nothing on stdout', (args, message) => {
    const r = vigil('cds', 'overrides', ...args);
    expect({ status: r.status, stdout: r.stdout }).toEqual({ status: 2, stdout: '' });
    expect(r.stderr).toMatch(message);
    const json = vigil('cds', 'overrides', ...args, '--json');
    expect(json.status).toBe(2);
    expect(JSON.parse(json.stdout).error.code).toBe('usage');
  });

  it('an unknown --email fails with exit 1 (not_found)', () => {
    const r = vigil('cds', 'overrides', '--email', 'nobody@example.org', '--json');
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).error.code).toBe('not_found');
  });
});
