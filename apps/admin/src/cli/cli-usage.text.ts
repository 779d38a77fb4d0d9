/**
 * Every operator CLI command's usage line, in the order `./vigil --help` prints them. Plain strings with no imports:
 * `--help` and a mistyped command answer from this module alone, without loading Nest, TypeORM or the engine
 * (`run-cli.ts` imports `cli-commands.ts`, which loads them, only to run a command).
 */
export const ORGS_USAGE = {
  list: 'orgs list [--email E]                               organisations (all, or one account’s with its role)',
  create: 'orgs create --name N --owner E                      a new organisation owned by E, with a Default project',
  members: 'orgs members ORG                                    members and roles',
  invite: 'orgs invite ORG --email E --role admin|developer|viewer   prints the invitation link (shown once; 7 days)',
  invitations: 'orgs invitations ORG                                invitations and their status (never a token)',
  resend: 'orgs invite-resend ORG INVITATION                   a new link (the old one stops working) and 7-day expiry; prints it once',
  remove: 'orgs remove-member ORG --email E                    personal keys of the member revoked at once',
  transfer: 'orgs transfer ORG --to E                            E (a member) becomes owner; the old owner an admin',
  policy: 'orgs policy ORG [--max-lifetime 90d|none] [--require-allowlist yes|no] [--scopes a,b|any] [--allow-ip CIDR,...|none]   show or change the key policy',
  delete: 'orgs delete ORG --confirm NAME                      delete it: every key revoked, invitations withdrawn (NAME = its name)',
} as const;

export const ORG_ACTIVITY_USAGE = {
  usage: 'orgs usage ORG [--project P] [--days N]              calls per project and per day (UTC)',
  audit: 'orgs audit ORG [--project P] [--limit N]             the organisation’s audit events, newest first',
} as const;

export const PROJECTS_USAGE = {
  list: 'projects list ORG                                   an organisation’s projects, caps and active keys',
  create: 'projects create ORG --name N [--rate-limit N/SECONDSs] [--monthly-quota N]   caps below the owner’s plan',
  update: 'projects update ORG PROJECT [--name N] [--rate-limit N/SECONDSs|none] [--monthly-quota N|none]',
} as const;

export const CDS_OVERRIDES_USAGE = 'cds overrides [--by rule|account] [--days 1..365] [--email E] [--format csv|json]';

export const KB_IMPORT_USAGE = 'kb import --format ddinter|drugs-at-fda|drugbank-vocabulary|vigil-csv FILES... [--source-id ID --title T --license L] [--activate] [--limit N]';

/** Command name (one or two words) → usage line. `cli-commands.ts` has a runner for exactly these names (tested). */
export const CLI_USAGE: Readonly<Record<string, string>> = {
  'db:status': 'db:status           migrations applied/pending, database kind and server version',
  'db:migrate': 'db:migrate          apply pending migrations',
  'accounts create': 'accounts create --email E [--password P] [--admin]',
  'accounts suspend': 'accounts suspend --email E',
  'accounts reactivate': 'accounts reactivate --email E',
  'accounts verify': 'accounts verify --email E',
  'accounts reset-link': 'accounts reset-link --email E',
  'keys create': 'keys create --email E --label L [--scopes a,b] [--allow-ip CIDR,...] [--rate-limit N/SECONDSs] [--expires ISO] [--tag T] [--org ORG [--project P] [--service]]',
  'keys list': 'keys list --email E',
  'keys revoke': 'keys revoke ID',
  'keys roll':
    'keys roll ID --grace DURATION [--idle DURATION]   successor shown once; old key works for the grace (0, 30m, 24h, 7d), ends early once unused --idle (default 1h) after the new key is used',
  'keys exposed': 'keys exposed ID|KEY [--source S] [--url U]   a leaked key: revoked at once, owner emailed, audited',
  'orgs list': ORGS_USAGE.list,
  'orgs create': ORGS_USAGE.create,
  'orgs members': ORGS_USAGE.members,
  'orgs invite': ORGS_USAGE.invite,
  'orgs invitations': ORGS_USAGE.invitations,
  'orgs invite-resend': ORGS_USAGE.resend,
  'orgs remove-member': ORGS_USAGE.remove,
  'orgs transfer': ORGS_USAGE.transfer,
  'orgs policy': ORGS_USAGE.policy,
  'orgs delete': ORGS_USAGE.delete,
  'orgs usage': ORG_ACTIVITY_USAGE.usage,
  'orgs audit': ORG_ACTIVITY_USAGE.audit,
  'projects list': PROJECTS_USAGE.list,
  'projects create': PROJECTS_USAGE.create,
  'projects update': PROJECTS_USAGE.update,
  'cds overrides': CDS_OVERRIDES_USAGE,
  'usage tags': 'usage tags --email E [--days 1..365] [--format csv|json]   calls per x-vigil-tag (usage by module)',
  'kb import': KB_IMPORT_USAGE,
  'kb list': 'kb list                               knowledge-base releases (* = active)',
  'kb activate': 'kb activate VERSION                   make an imported release live',
  'kb rollback': 'kb rollback                           re-activate the previously active release',
  'kb diff': 'kb diff A B [--limit N]               rules added, removed, changed severity (most severe first)',
  'audit verify': 'audit verify [--chain C | --org ORG]   check the audit hash chains (every chain; one; one organisation’s); exit 1 if broken',
  'audit export': 'audit export [--chain C | --org ORG] [--after-seq N] [--since ISO]   the audit log as JSON lines, oldest first (for a SIEM)',
  'webhooks list': 'webhooks list [--org ORG | --account EMAIL]   webhook endpoints of every organisation, one, or those an account owns (never their secrets)',
  'webhooks deliveries': 'webhooks deliveries ID [--limit N]     an endpoint’s delivery log, newest attempt first',
};

/** The help text: every command's usage line. */
export function cliHelp(): string {
  return ['usage: ./vigil <command> [options] [--json]      (or: npm run -s vigil -- <command> …)', '', 'commands:', ...Object.values(CLI_USAGE).map((u) => `  ${u}`)].join('\n');
}
