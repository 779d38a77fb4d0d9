import type { SessionContext } from './sessions.service';

export interface SessionRequest {
  headers: Record<string, string | string[] | undefined>;
  method: string;
  vigilSession?: SessionContext;
  ip: string;
}
