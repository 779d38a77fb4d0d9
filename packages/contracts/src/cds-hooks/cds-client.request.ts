import { z } from 'zod';

/** Members a JWK may only carry in a private key: a registration holding any of them is refused. */
export const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k', 'oth'] as const;

const JwkSchema = z
  .looseObject({
    kty: z.enum(['EC', 'RSA'], { error: 'kty must be EC (P-384) or RSA' }),
    kid: z.string().min(1).max(200).optional(),
    alg: z.enum(['ES384', 'RS384'], { error: 'alg must be ES384 or RS384' }).optional(),
    use: z.literal('sig').optional(),
    crv: z.literal('P-384', { error: 'an EC key must be on P-384 (ES384)' }).optional(),
  })
  .refine((k) => PRIVATE_JWK_MEMBERS.every((m) => !(m in k)), { message: 'paste the public JWK set only: a private key member (d, p, q…) is present' });

/** `PUT /api/keys/{id}/cds-client`: the CDS client (JWT issuer) that may call with this key's permissions. */
export const CdsClientRequestSchema = z
  .strictObject({
    issuer: z.url('must be the issuer URL the client puts in iss').max(500),
    jwks: z.strictObject({ keys: z.array(JwkSchema).min(1).max(5) }).describe('The issuer’s public JWK set, as published at its jku (never fetched by Vigil)'),
  })
  .meta({ id: 'CdsClientRequest', description: 'Registers a CDS Hooks client on a key: its issuer and public JWK set.' });
export type CdsClientRequest = z.infer<typeof CdsClientRequestSchema>;

export const CdsClientResponseSchema = z
  .object({
    keyId: z.string(),
    issuer: z.string(),
    keys: z.array(z.object({ kty: z.string(), kid: z.string().optional(), alg: z.string().optional() })).describe('The registered public keys, summarised'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CdsClientResponse', description: 'The CDS client registered on a key.' });
export type CdsClientResponse = z.infer<typeof CdsClientResponseSchema>;
