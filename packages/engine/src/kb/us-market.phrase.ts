import type { UsMarketStatusInfo } from '@vigil/contracts';

/**
 * One ingredient's US market status in words, as every surface writes it (check warning, CDS card):
 * "cisapride: withdrawn in 2000 (serious heart rhythm disorders)", "tolbutamide: discontinued".
 */
export function usMarketPhrase(m: UsMarketStatusInfo): string {
  return `${m.name}: ${m.status}${m.year !== undefined ? ` in ${m.year}` : ''}${m.reason ? ` (${m.reason})` : ''}`;
}
