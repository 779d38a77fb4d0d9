import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { seedKey, withPgClient } from '@vigil/testing';
import { SignJWT, exportJWK, generateKeyPair, importPKCS8 } from 'jose';
import { type RunningApi, startApi } from './support/start-api';

const SHARED = join(__dirname, '..', '..', '..', '..', 'shared', 'data', 'cds-hooks');
const PDDI = join(SHARED, 'pddi-cds-requests');
const SANDBOX_ISS = 'https://sandbox.cds-hooks.org';
const SANDBOX_KID = '44823f3d-0b01-4a6c-a80e-b9d3e8a7226f';

type Json = Record<string, any>;

/**
 * Adapts an HL7 PDDI-CDS request file to CDS Hooks 2.0 (documented in the README): the pre-1.0 `medication-prescribe`
 * hook becomes `order-sign` with `context.medications` as `draftOrders`; bundles whose entries are bare resources get
 * `entry[].resource`; the IG's `item1…item6` prefetch (wrapped in `{ response, resource }` before 1.0) is regrouped
 * under Vigil's template keys; a `MedicationAdministration` given today (warfarin scenario 04) or a
 * `MedicationDispense` with a 90-day supply (digoxin scenarios) is sent as an active `MedicationStatement`, which is
 * how a 2.0 client would report it for our `medicationStatements` template.
 */
function adapt(file: Json): Json {
  const bundle = (b: Json | undefined): Json => ({
    resourceType: 'Bundle',
    entry: ((b?.entry ?? []) as Json[]).map((e) => (e.resource ? e : { resource: e })),
  });
  const legacy = file.hook === 'medication-prescribe';
  const context: Json = { ...file.context };
  if (legacy) {
    context.draftOrders = bundle(context.medications);
    delete context.medications;
    delete context.prefetch;
  } else {
    context.draftOrders = bundle(context.draftOrders);
  }
  const rawPrefetch: Json = { ...(file.prefetch ?? {}), ...(legacy ? (file.context.prefetch ?? {}) : {}) };
  const requests: Json[] = [];
  const statements: Json[] = [];
  for (const value of Object.values(rawPrefetch)) {
    const resource = (value as Json)?.resource ?? value;
    if (!resource || typeof resource !== 'object') continue;
    const resources = resource.resourceType === 'Bundle' ? bundle(resource).entry.map((e: Json) => e.resource) : [resource];
    for (const r of resources) {
      if (r.resourceType === 'MedicationRequest') requests.push({ resource: r });
      else if (r.resourceType === 'MedicationStatement') statements.push({ resource: r });
      else if (r.resourceType === 'MedicationAdministration' || r.resourceType === 'MedicationDispense') {
        statements.push({
          resource: { resourceType: 'MedicationStatement', id: r.id, status: 'active', medicationCodeableConcept: r.medicationCodeableConcept, subject: r.subject },
        });
      }
    }
  }
  return {
    hook: legacy ? 'order-sign' : file.hook,
    hookInstance: file.hookInstance,
    context: { userId: String(file.userId ?? file.user ?? 'Practitioner/example'), ...context },
    prefetch: {
      medicationRequests: { resourceType: 'Bundle', entry: requests },
      medicationStatements: statements.length ? { resourceType: 'Bundle', entry: statements } : null,
    },
  };
}

const medRequest = (id: string, name: string, status = 'active', extra: Json = {}) => ({
  resource: { resourceType: 'MedicationRequest', id, status, intent: 'order', medicationCodeableConcept: { text: name }, ...extra },
});

function hookBody(hook: 'order-sign' | 'order-select', drafts: Json[], current: Json[] | null, selections?: string[]): Json {
  return {
    hook,
    hookInstance: randomUUID(),
    context: { userId: 'Practitioner/1', patientId: 'p1', ...(selections ? { selections } : {}), draftOrders: { resourceType: 'Bundle', entry: drafts } },
    prefetch: { medicationRequests: current === null ? null : { resourceType: 'Bundle', entry: current } },
  };
}

describe('CDS Hooks 2.0 services', () => {
  let db: TestDatabase;
  let api: RunningApi;
  let key: { key: string; keyId: string; accountId: string };

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startApi({ REDIS_URL: '' }, db);
    key = await seedKey(db.url);
  });
  afterAll(async () => {
    await api.close();
    await db.drop();
  });

  const call = (id: string, body: unknown, headers: Record<string, string> = { 'x-api-key': key.key }) =>
    fetch(`${api.url}/cds-services/${id}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('discovery lists both services with the medication prefetch templates, without a key', async () => {
    const res = await fetch(`${api.url}/cds-services`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.services.map((s: Json) => [s.id, s.hook])).toEqual([
      ['vigil-order-select', 'order-select'],
      ['vigil-order-sign', 'order-sign'],
    ]);
    expect(body.services[0].prefetch).toEqual({
      medicationRequests: 'MedicationRequest?patient={{context.patientId}}&status=active',
      medicationStatements: 'MedicationStatement?patient={{context.patientId}}&status=active',
    });
  });

  it('replays every HL7 PDDI-CDS request file and answers the warfarin–NSAID or digoxin–cyclosporine card', async () => {
    const files = readdirSync(PDDI)
      .filter((f) => f.endsWith('.json'))
      .sort();
    expect(files).toHaveLength(21);
    const table: string[] = ['| file | hook → service | cards (indicator: summary) |', '|---|---|---|'];
    for (const name of files) {
      const body = adapt(JSON.parse(readFileSync(join(PDDI, name), 'utf8')));
      const service = body.hook === 'order-select' ? 'vigil-order-select' : 'vigil-order-sign';
      const res = await call(service, body);
      expect({ name, status: res.status }).toEqual({ name, status: 200 });
      const { cards } = await res.json();
      const drugs = (c: Json) => String(c.source?.topic?.display ?? '').toLowerCase();
      const warfarinNsaid = cards.some((c: Json) => /warfarin/.test(drugs(c)) && /ketorolac|ibuprofen|naproxen|diclofenac/.test(drugs(c)) && c.indicator !== 'info');
      const digoxinCyclosporine = cards.some((c: Json) => /digoxin/.test(drugs(c)) && /cyclosporine/.test(drugs(c)));
      const expected = /warfarin/.test(name) || ['multi-update-draft-orders-1.json', 'multi-update-draft-orders-3.json'].includes(name) ? 'warfarin-nsaid' : 'digoxin-cyclosporine';
      expect({ name, found: expected === 'warfarin-nsaid' ? warfarinNsaid : digoxinCyclosporine }).toEqual({ name, found: true });
      for (const c of cards) {
        expect(c.summary.length).toBeLessThan(140);
        expect(c.uuid).toMatch(/^[0-9a-f-]{36}$/);
      }
      table.push(`| ${name} | ${JSON.parse(readFileSync(join(PDDI, name), 'utf8')).hook} → ${service} | ${cards.map((c: Json) => `${c.indicator}: ${c.summary}`).join('<br>')} |`);
    }
    if (process.env.CDS_REPLAY_REPORT) writeFileSync(process.env.CDS_REPLAY_REPORT, `${table.join('\n')}\n`);
  });

  it('order-sign: a card per finding with the new order, indicator by severity, detail, source, suggestion and override reasons', async () => {
    const res = await call('vigil-order-sign', hookBody('order-sign', [medRequest('new-1', 'Ketorolac 10 MG Oral Tablet', 'draft')], [medRequest('cur-1', 'warfarin 5 mg')]));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { cards } = await res.json();
    const card = cards.find((c: Json) => c.source.topic.display.includes('warfarin'));
    expect(card.indicator).toMatch(/critical|warning/);
    expect(card.detail).toMatch(/\*\*Management:\*\*/);
    expect(card.detail).toMatch(/Ketorolac 10 MG Oral Tablet \(new order\)/);
    expect(card.source).toMatchObject({ label: 'Vigil drug interaction check', topic: { system: 'https://vigil.dev/cds-hooks/rule' } });
    expect(card.suggestions[0].actions[0]).toEqual({ type: 'delete', description: 'Remove the draft order MedicationRequest/new-1', resourceId: ['MedicationRequest/new-1'] });
    expect(card.selectionBehavior).toBe('at-most-one');
    expect(card.overrideReasons.map((r: Json) => r.code)).toContain('action-performed-no-adverse-effect');
    // Stable: the same finding is the same card on the next call.
    const again = await (await call('vigil-order-sign', hookBody('order-sign', [medRequest('other-id', 'ketorolac', 'draft')], [medRequest('x', 'Coumadin')]))).json();
    expect(again.cards.map((c: Json) => c.uuid)).toContain(card.uuid);
  });

  it('order-select screens only the selections; withdrawn drafts are ignored; unreadable medications get an info card', async () => {
    const drafts = [
      medRequest('sel', 'clarithromycin', 'draft'),
      medRequest('other', 'ibuprofen', 'draft'),
      medRequest('gone', 'ketorolac', 'entered-in-error'),
      {
        resource: {
          resourceType: 'MedicationRequest',
          id: 'contained',
          status: 'draft',
          medicationReference: { reference: '#m1' },
          contained: [{ resourceType: 'Medication', id: 'm1', code: { text: 'Zocor 40 mg' } }],
        },
      },
    ];
    const current = [medRequest('w', 'warfarin'), medRequest('u', 'Xyzzyquil 5 mg'), medRequest('stopped', 'naproxen', 'stopped')];
    const { cards } = await (await call('vigil-order-select', hookBody('order-select', drafts, current, ['MedicationRequest/sel']))).json();
    const topics = cards.filter((c: Json) => c.source.topic).map((c: Json) => c.source.topic.display);
    expect(topics.some((t: string) => /clarithromycin/.test(t) && /warfarin/.test(t))).toBe(true);
    expect(topics.some((t: string) => /clarithromycin/.test(t) && /simvastatin/.test(t))).toBe(true);
    expect(topics.every((t: string) => /clarithromycin/.test(t))).toBe(true);
    expect(topics.some((t: string) => /ketorolac|naproxen/.test(t))).toBe(false);
    const info = cards.filter((c: Json) => !c.source.topic);
    expect(info.map((c: Json) => c.summary)).toEqual(['Not checked for interactions: Xyzzyquil 5 mg']);
    expect(info[0].indicator).toBe('info');
  });

  it('a new order for a drug withdrawn from the US market gets a warning card; a current one does not', async () => {
    const drafts = [medRequest('old', 'Propulsid 10 mg', 'draft')];
    const current = [medRequest('c', 'clarithromycin'), medRequest('r', 'ranitidine 150 mg')];
    const { cards } = await (await call('vigil-order-sign', hookBody('order-sign', drafts, current))).json();
    const market = cards.filter((c: Json) => /^No longer marketed/.test(c.summary));
    expect(market.map((c: Json) => [c.summary, c.indicator])).toEqual([['No longer marketed in the US: Propulsid 10 mg', 'warning']]);
    expect(market[0].detail).toMatch(/cisapride: withdrawn in 2000/);
    // Screened as usual: cisapride with clarithromycin is still reported.
    expect(cards.some((c: Json) => c.source.topic && /cisapride/.test(c.source.topic.display) && /clarithromycin/.test(c.source.topic.display))).toBe(true);
  });

  it('reads RxNorm ingredient codes, then displays, then the text', async () => {
    const coded = (id: string, coding: Json[], text?: string, status = 'active') => ({
      resource: { resourceType: 'MedicationStatement', id, status, medicationCodeableConcept: { coding, ...(text ? { text } : {}) } },
    });
    const rx = 'http://www.nlm.nih.gov/research/umls/rxnorm';
    const { cards } = await (
      await call(
        'vigil-order-sign',
        hookBody(
          'order-sign',
          [coded('d', [{ system: rx, code: '5640' }])],
          [coded('a', [{ system: 'urn:oid:1.2.3', code: 'X1', display: 'Warfarin Sodium 5 MG Oral Tablet' }]), coded('b', [{ system: rx, code: '999999999' }], 'aspirin 81 mg')],
        ),
      )
    ).json();
    const topics = cards.map((c: Json) => c.source.topic?.display ?? c.summary).join(' | ');
    expect(topics).toMatch(/ibuprofen \+ warfarin|warfarin \+ ibuprofen/);
    expect(topics).toMatch(/aspirin/);
  });

  it('answers 412 without the medicationRequests prefetch; null means none; a wrong hook or service is refused', async () => {
    const body = hookBody('order-sign', [medRequest('n', 'ketorolac', 'draft')], [medRequest('w', 'warfarin')]);
    delete body.prefetch;
    const missing = await call('vigil-order-sign', body);
    expect(missing.status).toBe(412);
    expect((await missing.json()).code).toBe('prefetch_missing');
    const none = await call('vigil-order-sign', hookBody('order-sign', [medRequest('n', 'ketorolac', 'draft')], null));
    expect(none.status).toBe(200);
    expect((await none.json()).cards).toEqual([]);
    const wrongHook = await call('vigil-order-select', hookBody('order-sign', [], null));
    expect([wrongHook.status, (await wrongHook.json()).errors[0].pointer]).toEqual([400, '/hook']);
    const unknown = await call('vigil-nope', hookBody('order-sign', [], null));
    expect([unknown.status, (await unknown.json()).code]).toEqual([404, 'not_found']);
  });

  it('without any credential, says both ways to authenticate and challenges both schemes', async () => {
    const res = await call('vigil-order-sign', hookBody('order-sign', [], null), {});
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('ApiKey, Bearer');
    const body = await res.json();
    expect(body.code).toBe('api_key_missing');
    expect(body.detail).toMatch(/x-api-key.*Authorization: Bearer/);
  });

  it('needs the cds:invoke scope', async () => {
    const narrow = await seedKey(db.url, { scopes: ['interactions:check'] });
    const res = await call('vigil-order-sign', hookBody('order-sign', [], null), { 'x-api-key': narrow.key });
    expect([res.status, (await res.json()).code]).toEqual([403, 'insufficient_scope']);
  });

  it('stores feedback per account, rule and card', async () => {
    const { cards } = await (await call('vigil-order-sign', hookBody('order-sign', [medRequest('n', 'ketorolac', 'draft')], [medRequest('w', 'warfarin')]))).json();
    const card = cards[0];
    const res = await fetch(`${api.url}/cds-services/vigil-order-sign/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key.key },
      body: JSON.stringify({
        feedback: [
          {
            card: card.uuid,
            outcome: 'overridden',
            overrideReason: { reason: card.overrideReasons[0], userComment: 'stable for years' },
            outcomeTimestamp: '2026-11-25T10:00:00Z',
          },
          { card: card.uuid, outcome: 'accepted', outcomeTimestamp: '2026-11-25T10:01:00Z' },
        ],
      }),
    });
    expect([res.status, await res.json()]).toEqual([200, { stored: 2 }]);
    const rows = await withPgClient(db.url, async (c) => (await c.query(`SELECT account_id, rule_id, outcome, reason_code FROM cds_feedback ORDER BY id`)).rows);
    expect(rows).toEqual([
      { account_id: key.accountId, rule_id: card.source.topic.code, outcome: 'overridden', reason_code: 'action-performed-no-adverse-effect' },
      { account_id: key.accountId, rule_id: card.source.topic.code, outcome: 'accepted', reason_code: null },
    ]);
    const bad = await fetch(`${api.url}/cds-services/vigil-order-sign/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key.key },
      body: JSON.stringify({ feedback: [{ card: 'x', outcome: 'maybe' }] }),
    });
    expect(bad.status).toBe(400);
  });

  describe('CDS Hooks JWT (signed exactly as the public sandbox signs)', () => {
    let api2: RunningApi;
    let sandboxKey: CryptoKey;
    let cdsKey: { key: string; keyId: string; accountId: string };
    const aud = (a: RunningApi, id = 'vigil-order-sign') => `${a.url}/cds-services/${id}`;

    const sandboxJwt = async (claims: Json = {}, header: Json = {}, signer: CryptoKey = sandboxKey, alg = 'ES384') => {
      const now = Math.round(Date.now() / 1000);
      return new SignJWT({ iss: SANDBOX_ISS, aud: aud(api), exp: now + 300, iat: now, jti: randomUUID(), ...claims })
        .setProtectedHeader({ alg, typ: 'JWT', kid: SANDBOX_KID, jku: `${SANDBOX_ISS}/.well-known/jwks.json`, ...header })
        .sign(signer);
    };
    const unsigned = (header: Json, payload: Json) => `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
    const withJwt = (a: RunningApi, token: string, id = 'vigil-order-sign') =>
      fetch(`${a.url}/cds-services/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(hookBody('order-sign', [medRequest('n', 'ketorolac', 'draft')], [medRequest('w', 'warfarin')])),
      });
    const refusal = async (res: Response) => [res.status, (await res.json()).code];

    beforeAll(async () => {
      sandboxKey = (await importPKCS8(readFileSync(join(SHARED, 'sandbox-keys', 'ecprivkey.pem'), 'utf8'), 'ES384')) as CryptoKey;
      // Two instances behind one public URL, as in production: a token is valid on both, and usable once.
      api2 = await startApi({ REDIS_URL: '', PUBLIC_API_URL: api.url }, db);
      cdsKey = await seedKey(db.url);
    });
    afterAll(async () => {
      await api2.close();
    });

    it('refuses the sandbox issuer until it is registered on a key', async () => {
      expect(await refusal(await withJwt(api, await sandboxJwt()))).toEqual([401, 'cds_issuer_unknown']);
      const jwks = readFileSync(join(SHARED, 'sandbox-keys', 'jwks.json'), 'utf8');
      await withPgClient(db.url, async (c) => {
        await c.query(`INSERT INTO cds_client (key_id, issuer, jwks) VALUES ($1, $2, $3::jsonb)`, [cdsKey.keyId, SANDBOX_ISS, jwks]);
        await c.query(`SELECT pg_notify('vigil_key_events', $1)`, [JSON.stringify({ type: 'key', keyId: cdsKey.keyId, created: true })]);
      });
      await new Promise((r) => setTimeout(r, 300));
      const ok = await withJwt(api, await sandboxJwt());
      expect(ok.status).toBe(200);
      expect((await ok.json()).cards.length).toBeGreaterThan(0);
    });

    it('refuses replayed, wrong-audience, expired, unsigned, HMAC and foreign-key tokens', async () => {
      const token = await sandboxJwt({}, {}, sandboxKey);
      const rows: [string, string, unknown[]][] = [];
      const expect401 = async (label: string, code: string, res: Response) => rows.push([label, code, await refusal(res)]);
      expect((await withJwt(api, token)).status).toBe(200);
      await expect401('same jti again, same instance', 'cds_jwt_replayed', await withJwt(api, token));
      await expect401('same jti again, other instance', 'cds_jwt_replayed', await withJwt(api2, token));
      await expect401('aud = another service', 'cds_jwt_invalid', await withJwt(api, await sandboxJwt({ aud: aud(api, 'vigil-order-select') })));
      await expect401('aud = other host', 'cds_jwt_invalid', await withJwt(api, await sandboxJwt({ aud: 'https://evil.example/cds-services/vigil-order-sign' })));
      const old = Math.round(Date.now() / 1000) - 3600;
      await expect401('expired', 'cds_jwt_invalid', await withJwt(api, await sandboxJwt({ iat: old, exp: old + 300 })));
      await expect401('exp an hour and more ahead', 'cds_jwt_invalid', await withJwt(api, await sandboxJwt({ exp: Math.round(Date.now() / 1000) + 7200 })));
      await expect401('no jti', 'cds_jwt_invalid', await withJwt(api, await sandboxJwt({ jti: undefined })));
      await expect401(
        'alg none',
        'cds_jwt_invalid',
        await withJwt(api, unsigned({ alg: 'none', typ: 'JWT' }, { iss: SANDBOX_ISS, aud: aud(api), exp: 9e9, iat: 1, jti: randomUUID() })),
      );
      const hmac = await new SignJWT({ iss: SANDBOX_ISS, aud: aud(api), jti: randomUUID() })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode('x'.repeat(32)));
      await expect401('HS256', 'cds_jwt_invalid', await withJwt(api, hmac));
      const other = await generateKeyPair('ES384');
      await expect401('ES384 by a key not in the JWK set', 'cds_jwt_invalid', await withJwt(api, await sandboxJwt({}, {}, other.privateKey as CryptoKey)));
      await expect401('garbage', 'cds_jwt_invalid', await withJwt(api, 'not.a.jwt'));
      for (const [label, code, got] of rows) expect({ label, got }).toEqual({ label, got: [401, code] });
      if (process.env.CDS_JWT_REPORT) writeFileSync(process.env.CDS_JWT_REPORT, rows.map(([l, c]) => `| ${l} | 401 ${c} |`).join('\n'));
    });

    it('accepts RS384 from a registered RSA issuer, and stops a revoked key’s JWTs on every instance', async () => {
      const rsa = await generateKeyPair('RS384', { extractable: true });
      const jwk = { ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1', alg: 'RS384', use: 'sig' };
      const owner = await seedKey(db.url);
      await withPgClient(db.url, async (c) => {
        await c.query(`INSERT INTO cds_client (key_id, issuer, jwks) VALUES ($1, 'https://ehr.example.org', $2::jsonb)`, [owner.keyId, JSON.stringify({ keys: [jwk] })]);
        await c.query(`SELECT pg_notify('vigil_key_events', $1)`, [JSON.stringify({ type: 'key', keyId: owner.keyId, created: true })]);
      });
      await new Promise((r) => setTimeout(r, 300));
      const rs = (a: RunningApi) =>
        new SignJWT({ iss: 'https://ehr.example.org', aud: aud(a), jti: randomUUID() })
          .setProtectedHeader({ alg: 'RS384', kid: 'rsa-1' })
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(rsa.privateKey);
      expect((await withJwt(api, await rs(api))).status).toBe(200);
      expect((await withJwt(api2, await rs(api))).status).toBe(200);
      await withPgClient(db.url, async (c) => {
        await c.query(`UPDATE api_key SET status = 'revoked', revoked_at = now() WHERE id = $1`, [owner.keyId]);
        await c.query(`SELECT pg_notify('vigil_key_events', $1)`, [JSON.stringify({ type: 'key', keyId: owner.keyId })]);
      });
      await new Promise((r) => setTimeout(r, 1000));
      expect(await refusal(await withJwt(api, await rs(api)))).toEqual([401, 'api_key_revoked']);
      expect(await refusal(await withJwt(api2, await rs(api)))).toEqual([401, 'api_key_revoked']);
    });

    it('never logs the bearer token', () => {
      const text = [...api.logs.lines, ...api2.logs.lines].join('\n');
      expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.eyJ/);
    });
  });
});
