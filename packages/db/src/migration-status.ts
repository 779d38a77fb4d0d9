import type { DataSource } from 'typeorm';

export interface MigrationStatus {
  applied: string[];
  pending: string[];
  serverVersion: string;
}

/** Applied and pending migrations plus the server version, without changing anything. */
export async function migrationStatus(dataSource: DataSource): Promise<MigrationStatus> {
  const known = dataSource.migrations.map((m) => m.name ?? m.constructor.name);
  const [{ server_version: version }] = await dataSource.query<{ server_version: string }[]>('SHOW server_version');
  const [{ exists }] = await dataSource.query<{ exists: boolean }[]>(`SELECT to_regclass('vigil_migrations') IS NOT NULL AS exists`);
  const applied: string[] = exists ? (await dataSource.query<{ name: string }[]>('SELECT name FROM vigil_migrations ORDER BY id')).map((r) => r.name) : [];
  return { applied, pending: known.filter((n) => !applied.includes(n)), serverVersion: version };
}
