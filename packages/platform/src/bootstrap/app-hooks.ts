import type { DestinationStream } from 'pino';

/** Seams for tests and embedding: where log lines go. */
export interface AppHooks {
  logStream?: DestinationStream;
}
