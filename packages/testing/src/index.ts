export { freePort } from './free-port';
export { REPO_ROOT } from './repo-root';
export { type SpawnedApp, spawnApp } from './spawn-app';
export { vigilCli } from './vigil-cli';
export { withPgClient } from './with-pg-client';
export { type SeedKeyOptions, seedKey } from './seed-key';
export { ResponseConformance, type ConformanceRoute } from './response-conformance.recorder';
