import { KbReleaseRepository, type KbReleaseRecord } from '@vigil/db';
import { CURATED_KB_PATH, type CompiledKnowledgeBase, type KnowledgeBase, buildKnowledgeBase, composeRelease, readCompiledKb } from '@vigil/engine';
import type { DataSource } from 'typeorm';
import { CliUsageError } from './cli-usage.error';
import type { ParsedArgs } from './parse-args';
import { describeDiff, diffReleases } from './release-diff';
import { kbActivatedData } from '../webhooks/kb-activated-data';
import { PLATFORM_AUDIENCE, WebhookOutbox } from '../webhooks/webhook-outbox';

export interface CliOutput {
  human: string;
  json: unknown;
}

const row = (r: KbReleaseRecord) =>
  `${r.active ? '*' : ' '} ${r.version.padEnd(34)} ${r.createdAt.slice(0, 19)}  sources: ${['vigil-curated', ...r.sourceRefs.map((s) => `${s.id}@${s.hash.slice(0, 8)}`)].join(', ')}`;

export async function kbList(ds: DataSource): Promise<CliOutput> {
  const releases = await new KbReleaseRepository(ds).list();
  return { human: releases.length ? releases.map(row).join('\n') : '(no releases yet: start the API once)', json: { releases } };
}

export async function kbActivate(ds: DataSource, args: ParsedArgs): Promise<CliOutput> {
  const version = args.positional[0];
  if (!version) throw new CliUsageError('usage: kb activate VERSION');
  const repo = new KbReleaseRepository(ds);
  const before = await repo.active();
  const r = await activateWithEvent(ds, repo, version, false);
  if (before?.version === r.version) return { human: `${r.version} was already active`, json: r };
  const curated = readCompiledKb(CURATED_KB_PATH);
  const diff = diffReleases(before ? await buildRelease(repo, curated, before.version) : buildKnowledgeBase(curated), await buildRelease(repo, curated, r.version));
  return {
    human: `activated ${r.version} (was ${before?.version ?? 'the curated pack alone'}: ${diff.added.length} rules added, ${diff.removed.length} removed, ${diff.changedSeverity.length} changed severity); running API instances switch within seconds`,
    json: r,
  };
}

export async function kbRollback(ds: DataSource): Promise<CliOutput> {
  const repo = new KbReleaseRepository(ds);
  const previous = await repo.previous();
  if (!previous) throw new CliUsageError('no earlier activated release to roll back to');
  const r = await activateWithEvent(ds, repo, previous.version, true);
  return { human: `rolled back to ${r.version}`, json: r };
}

/** Activates a release and, when that changes the active one, writes its `kb.release.activated` webhook in the same transaction. */
export async function activateWithEvent(ds: DataSource, repo: KbReleaseRepository, version: string, rollback: boolean): Promise<KbReleaseRecord> {
  return ds.transaction(async (m) => {
    const before: { version: string }[] = await m.query(`SELECT version FROM kb_release WHERE active`);
    const previous = before[0]?.version ?? null;
    const r = await repo.activate(version, m);
    if (previous !== version) await new WebhookOutbox().emit(m, 'kb.release.activated', PLATFORM_AUDIENCE, kbActivatedData(r, previous, rollback));
    return r;
  });
}

/** Builds a stored release's knowledge base with the curated pack of this build. */
export async function buildRelease(repo: KbReleaseRepository, curated: CompiledKnowledgeBase, version: string): Promise<KnowledgeBase> {
  const release = await repo.get(version);
  if (!release) throw new CliUsageError(`no knowledge-base release "${version}"`);
  const docs = (await repo.sourceDocs(release.sourceRefs)) as CompiledKnowledgeBase[];
  return composeRelease(curated, docs, release);
}

/** How many rules of each list a text diff shows (`--limit N`, 1–1000). */
export function diffLimit(args: ParsedArgs): number {
  const raw = args.flags.limit;
  if (raw === undefined) return 20;
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= 1000)) throw new CliUsageError('--limit must be a whole number from 1 to 1000');
  return n;
}

export async function kbDiff(ds: DataSource, args: ParsedArgs): Promise<CliOutput> {
  const [a, b] = args.positional;
  if (!a || !b) throw new CliUsageError('usage: kb diff A B [--limit N]');
  const limit = diffLimit(args);
  const repo = new KbReleaseRepository(ds);
  const curated = readCompiledKb(CURATED_KB_PATH);
  const diff = diffReleases(await buildRelease(repo, curated, a), await buildRelease(repo, curated, b));
  const curatedNote = [a, b].some((v) => v !== curated.version) ? '\n(curated rules compared as built now; imported sources as stored)' : '';
  return {
    human: `${describeDiff(a, b, diff, limit)}${curatedNote}`,
    json: {
      from: a,
      to: b,
      added: diff.added.length,
      removed: diff.removed.length,
      changedSeverity: diff.changedSeverity,
      addedRules: diff.added.slice(0, 1000),
      removedRules: diff.removed.slice(0, 1000),
    },
  };
}
