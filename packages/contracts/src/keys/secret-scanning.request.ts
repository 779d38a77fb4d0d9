import { z } from 'zod';

/** Tokens one secret-scanning report may carry. */
export const MAX_SECRET_SCANNING_TOKENS = 1000;

/**
 * `POST /api/secret-scanning/github`: what GitHub's secret scanning partner program sends, a JSON array of found
 * tokens (`type` is the token type Vigil registered, `url` where it was found, `source` e.g. `content`, `commit`).
 */
export const SecretScanningReportSchema = z
  .array(
    z.looseObject({
      token: z.string().min(1).max(500),
      type: z.string().max(200),
      url: z.string().max(2000).optional(),
      source: z.string().max(200).optional(),
    }),
  )
  .min(1)
  .max(MAX_SECRET_SCANNING_TOKENS);
export type SecretScanningReport = z.infer<typeof SecretScanningReportSchema>;

/** The answer GitHub's partner program reads: per token, its SHA-256 and whether it was a real key. */
export const SecretScanningResponseSchema = z.array(
  z.strictObject({
    token_hash: z.string().describe('SHA-256 (hex) of the reported token; the token itself is never echoed'),
    token_type: z.string(),
    label: z.enum(['true_positive', 'false_positive']).describe('`true_positive`: a Vigil key (now revoked); `false_positive`: no such key'),
  }),
);
export type SecretScanningResponse = z.infer<typeof SecretScanningResponseSchema>;

/** `POST /api/admin/keys/:id/exposed`: an operator reports a key as exposed (revoked at once, owner notified). */
export const KeyExposureRequestSchema = z.strictObject({
  source: z.string().trim().min(1).max(200).optional().describe('Who found it, e.g. "support ticket 4711"'),
  url: z.string().trim().url().max(2000).optional().describe('Where it was exposed'),
});
export type KeyExposureRequest = z.infer<typeof KeyExposureRequestSchema>;
