import { KbReleaseRepository, type KbReleaseRecord } from '@vigil/db';
import { CURATED_KB_PATH, type CompiledKnowledgeBase, type KnowledgeBase, composeRelease, readCompiledKb } from '@vigil/engine';
import type { DataSource } from 'typeorm';
import { CliUsageError } from './cli-usage.error';
import type { ParsedArgs } from './parse-args';

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
  const r = await new KbReleaseRepository(ds).activate(version);
  return { human: `activated ${r.version}; running API instances switch within seconds`, json: r };
}

export async function kbRollback(ds: DataSource): Promise<CliOutput> {
  const repo = new KbReleaseRepository(ds);
  const previous = await repo.previous();
  if (!previous) throw new CliUsageError('no earlier activated release to roll back to');
  const r = await repo.activate(previous.version);
  return { human: `rolled back to ${r.version}`, json: r };
}

/** Builds a stored release's knowledge base with the curated pack of this build. */
export async function buildRelease(repo: KbReleaseRepository, curated: CompiledKnowledgeBase, version: string): Promise<KnowledgeBase> {
  const release = await repo.get(version);
  if (!release) throw new CliUsageError(`no knowledge-base release "${version}"`);
  const docs = (await repo.sourceDocs(release.sourceRefs)) as CompiledKnowledgeBase[];
  return composeRelease(curated, docs, release);
}

export async function kbDiff(ds: DataSource, args: ParsedArgs): Promise<CliOutput> {
  const [a, b] = args.positional;
  if (!a || !b) throw new CliUsageError('usage: kb diff A B');
  const repo = new KbReleaseRepository(ds);
  const curated = readCompiledKb(CURATED_KB_PATH);
  const [ka, kb] = [await buildRelease(repo, curated, a), await buildRelease(repo, curated, b)];
  const sev = (k: KnowledgeBase) => new Map(k.rules.map((r) => [`${r.sourceId}:${r.id}`, r.severity]));
  const [sa, sb] = [sev(ka), sev(kb)];
  const added = [...sb.keys()].filter((k) => !sa.has(k));
  const removed = [...sa.keys()].filter((k) => !sb.has(k));
  const changed = [...sb.entries()].filter(([k, s]) => sa.has(k) && sa.get(k) !== s).map(([k, s]) => ({ rule: k, from: sa.get(k), to: s }));
  const curatedNote = [a, b].some((v) => v !== curated.version) ? '\n(curated rules compared as built now; imported sources as stored)' : '';
  return {
    human: `${a} → ${b}: ${added.length} rules added, ${removed.length} removed, ${changed.length} changed severity${curatedNote}\n${changed
      .slice(0, 20)
      .map((c) => `  ${c.rule}: ${c.from} → ${c.to}`)
      .join('\n')}`,
    json: { from: a, to: b, added: added.length, removed: removed.length, changedSeverity: changed, addedRules: added.slice(0, 1000), removedRules: removed.slice(0, 1000) },
  };
}
