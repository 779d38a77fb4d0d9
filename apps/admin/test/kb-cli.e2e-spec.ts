import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';

const cliPath = join(__dirname, '..', 'dist', 'cli.js');

describe('operator CLI: knowledge-base import, releases, diff, rollback', () => {
  let db: TestDatabase;
  let dir: string;
  const vigil = (args: string[]) => {
    const r = spawnSync(process.execPath, [cliPath, ...args, '--json'], { env: { PATH: process.env.PATH, DATABASE_URL: db.url }, encoding: 'utf8', timeout: 60_000 });
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1); // exactly one JSON document
    return { status: r.status, doc: JSON.parse(lines[0]) };
  };
  const csv = (name: string, text: string) => {
    const f = join(dir, name);
    writeFileSync(f, text);
    return f;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'vigil-kb-'));
  });
  afterAll(async () => {
    await db.drop();
  });

  it('imports local rules into a new active release, idempotently; a malformed file changes nothing', async () => {
    const good = csv(
      'local.csv',
      'a,b,severity,mechanism,management,citation\nwarfarin,ibuprofen,minor,Local view.,Local advice.,Committee 2026\nmetformin,Synthroid,major,"Local, with comma.",Avoid.,Committee 2026\nnot-a-drug,warfarin,major,x,y,z\n',
    );
    const first = vigil(['kb', 'import', '--format', 'vigil-csv', '--source-id', 'st-elsewhere', '--title', 'St Elsewhere rules', '--license', 'Internal', good]);
    expect(first.status).toBe(0);
    expect(first.doc).toMatchObject({ ok: true, sourceId: 'st-elsewhere', rowsRead: 3, pairs: 2, rejected: 1, changed: true, release: expect.stringMatching(/^kb-/) });
    expect(first.doc.rejectedRows[0]).toMatchObject({ line: 4 });

    const again = vigil(['kb', 'import', '--format', 'vigil-csv', '--source-id', 'st-elsewhere', '--title', 'St Elsewhere rules', '--license', 'Internal', good]);
    expect(again.doc).toMatchObject({ ok: true, changed: false, release: first.doc.release });

    const bad = csv('bad.csv', 'a,b,severity,mechanism,management,citation\nwarfarin,ibuprofen,catastrophic,x,y,z\n"unterminated,ibuprofen,minor,x,y,z\n');
    const rejected = vigil(['kb', 'import', '--format', 'vigil-csv', '--source-id', 'st-elsewhere', bad]);
    expect(rejected.status).toBe(1);
    expect(rejected.doc.ok).toBe(false);
    expect(rejected.doc.errors.map((e: { line: number }) => e.line)).toEqual(expect.arrayContaining([2]));

    const list = vigil(['kb', 'list']).doc.releases;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ version: first.doc.release, active: true });
  });

  it('diffs releases and rolls back', async () => {
    const v1 = vigil(['kb', 'list']).doc.releases[0].version;
    const changed = csv('local2.csv', 'a,b,severity,mechanism,management,citation\nwarfarin,ibuprofen,major,Local view.,Local advice.,Committee 2026\n');
    const v2 = vigil(['kb', 'import', '--format', 'vigil-csv', '--source-id', 'st-elsewhere', changed]).doc.release;
    expect(v2).not.toBe(v1);
    const diff = vigil(['kb', 'diff', v1, v2]).doc;
    expect(diff).toMatchObject({ removed: 1, added: 0 });
    expect(diff.changedSeverity).toEqual([expect.objectContaining({ from: 'minor', to: 'major' })]);
    const back = vigil(['kb', 'rollback']).doc;
    expect(back).toMatchObject({ version: v1, active: true });
  });
});
