import { z } from 'zod';
import { ipOrCidrProblem } from './is-ip-or-cidr.validator';

/**
 * A key's IP allowlist: at most 100 addresses or CIDR ranges. Every bad entry is reported at once, at its own
 * pointer (`/allowedIps/2`), with a message that quotes it and says what is wrong (host bits set: which network).
 */
export const allowedIpsSchema = () =>
  z
    .array(
      z.string({ error: 'must be a string' }).superRefine((v, ctx) => {
        const problem = ipOrCidrProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { code: 'format' } });
      }),
      { error: 'allowedIps must be an array' },
    )
    .max(100, { error: 'at most 100 entries' });

/** The rule both key requests share: a key with no scope could call nothing, so an empty list is refused. */
export const NO_SCOPE_MESSAGE = 'a key needs at least one scope: a key without one can call nothing (leave scopes out to get every public scope)';
