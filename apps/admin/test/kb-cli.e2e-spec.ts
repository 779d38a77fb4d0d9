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

  it('imports local rules into a recorded release that goes live only when activated, idempotently; a malformed file changes nothing', async () => {
    const good = csv(
      'local.csv',
      'a,b,severity,mechanism,management,citation\nwarfarin,ibuprofen,minor,Local view.,Local advice.,Committee 2026\nmetformin,Synthroid,major,"Local, with comma.",Avoid.,Committee 2026\nnot-a-drug,warfarin,major,x,y,z\n',
    );
    const first = vigil(['kb', 'import', '--format', 'vigil-csv', '--source-id', 'st-elsewhere', '--title', 'St Elsewhere rules', '--license', 'Internal', good]);
    expect(first.status).toBe(0);
    expect(first.doc).toMatchObject({
      ok: true,
      sourceId: 'st-elsewhere',
      rowsRead: 3,
      pairs: 2,
      rejected: 1,
      recorded: true,
      active: false,
      changed: false,
      nonCommercial: false,
      warnings: [],
      release: expect.stringMatching(/^kb-/),
    });
    expect(first.doc.rejectedRows[0]).toMatchObject({ line: 4 });
    // What activating it would change, against the curated pack alone (no release was active).
    expect(first.doc.diff).toMatchObject({ added: 2, removed: 0 });
    expect(vigil(['kb', 'list']).doc.releases.some((x: { active: boolean }) => x.active)).toBe(false);

    const activated = vigil(['kb', 'import', '--format', 'vigil-csv', '--source-id', 'st-elsewhere', '--title', 'St Elsewhere rules', '--license', 'Internal', '--activate', good]);
    expect(activated.doc).toMatchObject({ ok: true, recorded: false, active: true, changed: true, release: first.doc.release });
    const again = vigil(['kb', 'import', '--format', 'vigil-csv', '--source-id', 'st-elsewhere', '--title', 'St Elsewhere rules', '--license', 'Internal', '--activate', good]);
    expect(again.doc).toMatchObject({ ok: true, recorded: false, active: true, changed: false, release: first.doc.release });

    const bad = csv('bad.csv', 'a,b,severity,mechanism,management,citation\nwarfarin,ibuprofen,catastrophic,x,y,z\n"unterminated,ibuprofen,minor,x,y,z\n');
    const rejected = vigil(['kb', 'import', '--format', 'vigil-csv', '--source-id', 'st-elsewhere', bad]);
    expect(rejected.status).toBe(1);
    expect(rejected.doc.ok).toBe(false);
    expect(rejected.doc.errors.map((e: { line: number }) => e.line)).toEqual(expect.arrayContaining([2]));

    const list = vigil(['kb', 'list']).doc.releases;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ version: first.doc.release, active: true });
  });

  it('diffs releases in words (rule ids not prefixed twice, most severe first, top N and a count of the rest) and rolls back', async () => {
    const v1 = vigil(['kb', 'list']).doc.releases[0].version;
    const changed = csv('local2.csv', 'a,b,severity,mechanism,management,citation\nwarfarin,ibuprofen,major,Local view.,Local advice.,Committee 2026\n');
    const v2 = vigil(['kb', 'import', '--format', 'vigil-csv', '--source-id', 'st-elsewhere', '--activate', changed]).doc.release;
    expect(v2).not.toBe(v1);
    const diff = vigil(['kb', 'diff', v1, v2]).doc;
    expect(diff).toMatchObject({ removed: 1, added: 0 });
    expect(diff.changedSeverity).toEqual([expect.objectContaining({ rule: 'st-elsewhere:ibuprofen--warfarin', from: 'minor', to: 'major', between: 'warfarin × ibuprofen' })]);
    const text = spawnSync(process.execPath, [cliPath, 'kb', 'diff', v1, v2, '--limit', '1'], { env: { PATH: process.env.PATH, DATABASE_URL: db.url }, encoding: 'utf8' });
    expect(text.status).toBe(0);
    expect(text.stdout).toContain(`${v1} → ${v2}: 0 rules added, 1 removed, 1 changed severity`);
    expect(text.stdout).toMatch(/removed \(1\):\n {2}- st-elsewhere:[a-z-]+--[a-z-]+ {2}major /);
    expect(text.stdout).toContain('  ~ st-elsewhere:ibuprofen--warfarin  minor → major  warfarin × ibuprofen');
    expect(text.stdout).not.toMatch(/st-elsewhere:st-elsewhere:/);
    const back = vigil(['kb', 'rollback']).doc;
    expect(back).toMatchObject({ version: v1, active: true });
  });

  it('flags a source whose licence forbids commercial use on import (JSON and the first line of the text)', async () => {
    const f = csv('nc.csv', 'a,b,severity,mechanism,management,citation\nwarfarin,naproxen,major,x.,y.,Paper 2020\n');
    const imp = vigil(['kb', 'import', '--format', 'vigil-csv', '--source-id', 'nc-rules', '--license', 'CC BY-NC-SA 4.0', f]);
    expect(imp.doc).toMatchObject({ ok: true, nonCommercial: true, warnings: [expect.stringMatching(/CC BY-NC-SA 4\.0\) forbids commercial use/)] });
    const human = spawnSync(process.execPath, [cliPath, 'kb', 'import', '--format', 'vigil-csv', '--source-id', 'nc-rules', '--license', 'CC BY-NC-SA 4.0', f], {
      env: { PATH: process.env.PATH, DATABASE_URL: db.url },
      encoding: 'utf8',
    });
    expect(human.stdout.split('\n')[0]).toMatch(/^WARNING: the licence of "nc-rules" \(CC BY-NC-SA 4\.0\) forbids commercial use/);
    expect(human.stdout).toMatch(/not active: review the diff above, then activate it with `\.\/vigil kb activate kb-/);
  });

  it.each<[string, string[], number]>([
    ['kb import without files exits 2', ['kb', 'import', '--format', 'vigil-csv'], 2],
    ['kb import with an unknown format exits 2', ['kb', 'import', '--format', 'xml', 'x.csv'], 2],
    ['kb import with a bad --limit exits 2', ['kb', 'import', '--format', 'vigil-csv', '--limit', '0', __filename], 2],
    ['kb diff with one release exits 2', ['kb', 'diff', 'a'], 2],
    ['kb activate without a version exits 2', ['kb', 'activate'], 2],
    ['kb activate of an unknown release exits 1', ['kb', 'activate', 'kb-nope'], 1],
    ['kb list exits 0', ['kb', 'list'], 0],
  ])('%s', (_name, args, code) => {
    const r = spawnSync(process.execPath, [cliPath, ...args], { env: { PATH: process.env.PATH, DATABASE_URL: db.url }, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(code);
  });
});
