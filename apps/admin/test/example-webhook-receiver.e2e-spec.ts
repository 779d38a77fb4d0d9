import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The sample receiver in examples/webhook-receiver is documentation that must keep working: its own node:test suite
 * (signature verification with the standardwebhooks library, stale timestamps, replays) runs as part of `npm test`.
 */
describe('examples/webhook-receiver', () => {
  it('its node:test suite passes', () => {
    const dir = join(__dirname, '..', '..', '..', 'examples', 'webhook-receiver');
    const r = spawnSync(process.execPath, ['--test'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
    expect({ status: r.status, output: r.status === 0 ? '' : `${r.stdout}\n${r.stderr}` }).toEqual({ status: 0, output: '' });
    expect(r.stdout).toMatch(/# pass [1-9]/);
    expect(r.stdout).toMatch(/# fail 0/);
  });
});
