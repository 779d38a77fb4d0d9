import type { DataSource } from 'typeorm';

export interface MigrationStatus {
  applied: string[];
  pending: string[];
  serverVersion: string;
}

/** Applied and pending migrations plus the server version, without changing anything. */
export async function migrationStatus(dataSource: DataSource): Promise<MigrationStatus> {
  const known = dataSource.migrations.map((m) => m.name ?? m.constructor.name);
  const [{ server_version: version }] = await dataSource.query("SHOW server_version");
  const [{ exists }] = await dataSource.query(`SELECT to_regclass('vigil_migrations') IS NOT NULL AS exists`);
  const applied: string[] = exists ? (await dataSource.query('SELECT name FROM vigil_migrations ORDER BY id')).map((r: { name: string }) => r.name) : [];
  return { applied, pending: known.filter((n) => !applied.includes(n)), serverVersion: version };
}
