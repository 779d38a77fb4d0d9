export interface HealthResponse {
  status: 'ok';
  service: string;
  uptimeSeconds: number;
}

export interface ReadinessResponse {
  status: 'ready' | 'not_ready';
  service: string;
  checks: {
    database: { status: 'up' | 'down'; kind?: 'embedded' | 'server'; latencyMs?: number; error?: string };
    migrations: { status: 'current' | 'pending' | 'unknown'; applied?: number; pending?: string[] };
    [name: string]: unknown;
  };
}
