import { kbActivatedData } from '../webhooks/kb-activated-data';
import { PLATFORM_AUDIENCE, WebhookOutbox } from '../webhooks/webhook-outbox';
import { KbReleaseRepository } from '@vigil/db';
import { CURATED_KB_PATH, type CompiledKnowledgeBase, buildKnowledgeBase, composeRelease, readCompiledKb } from '@vigil/engine';
import { isNonCommercialLicense } from '@vigil/contracts';
import { IMPORT_FORMATS, type ImportFormat, type ImportProgress, importSource } from '@vigil/kb-import';
import { statSync } from 'node:fs';
import type { DataSource } from 'typeorm';
import { CliUsageError } from './cli-usage.error';
import { type CliOutput, buildRelease, diffLimit } from './kb-commands';
import { diffReleases, describeDiff } from './release-diff';
import type { ParsedArgs } from './parse-args';
import { KB_IMPORT_USAGE } from './cli-usage.text';

/** A one-line progress bar on stderr (TTY only): rows/s and ETA from bytes read. */
function progressBar(): ((p: ImportProgress) => void) | undefined {
  if (!process.stderr.isTTY) return undefined;
  const t0 = Date.now();
  let last = 0;
  return (p) => {
    const now = Date.now();
    if (now - last < 100 && p.bytesRead < p.totalBytes) return;
    last = now;
    const s = (now - t0) / 1000;
    const share = p.totalBytes ? p.bytesRead / p.totalBytes : 0;
    const eta = share > 0 ? Math.max(0, s / share - s) : 0;
    const bar = '#'.repeat(Math.round(share * 30)).padEnd(30, '.');
    process.stderr.write(
      `\r[${bar}] ${(share * 100).toFixed(0).padStart(3)}%  ${p.rowsRead.toLocaleString()} rows  ${Math.round(p.rowsRead / Math.max(s, 0.001)).toLocaleString()} rows/s  ETA ${eta.toFixed(0)} s `,
    );
  };
}

/**
 * `kb import --format F FILES... [--activate]`: parse and link the files, and — only if every file is valid — store the
 * source version and record the release (curated pack + the active release's other sources + this one), in one
 * transaction. The release goes live only with `--activate` (or a later `kb activate VERSION`): the output shows first
 * what would change against the active release (rules added, removed, severity changes, most severe first). A
 * malformed file changes nothing; re-importing identical files records nothing new. A source whose licence forbids
 * commercial use is flagged.
 */
export async function kbImport(ds: DataSource, args: ParsedArgs): Promise<CliOutput & { exitCode?: number }> {
  const format = args.flags.format;
  if (typeof format !== 'string' || !(IMPORT_FORMATS as readonly string[]).includes(format)) throw new CliUsageError(`--format must be one of ${IMPORT_FORMATS.join(', ')}`);
  const files = args.positional;
  if (!files.length) throw new CliUsageError(`usage: ${KB_IMPORT_USAGE}`);
  diffLimit(args);
  for (const f of files) {
    try {
      statSync(f);
    } catch {
      throw new CliUsageError(`cannot read ${f}`);
    }
  }
  const str = (k: string) => (typeof args.flags[k] === 'string' ? args.flags[k] : undefined);
  const curated = readCompiledKb(CURATED_KB_PATH);
  const onProgress = progressBar();
  const result = await importSource(
    { format: format as ImportFormat, files, sourceId: str('source-id'), title: str('title'), license: str('license'), onProgress },
    buildKnowledgeBase(curated),
  );
  if (onProgress) process.stderr.write('\n');
  const r = result.report;
  const summary = {
    format: r.format,
    sourceId: r.sourceId,
    files: r.files,
    rowsRead: r.rowsRead,
    pairs: r.pairs,
    drugs: r.drugs,
    duplicatesMerged: r.duplicatesMerged,
    severityConflicts: r.severityConflicts,
    rejected: r.rejected.length,
    rejectedRows: r.rejected.slice(0, 100),
    linkedIngredients: r.linkedIngredients,
    newIngredients: r.newIngredients,
    severityCounts: r.severityCounts,
    vocabulary: r.vocabulary,
    elapsedMs: r.elapsedMs,
  };
  if (!result.ok) {
    const lines = result.errors.map((e) => `${e.file}:${e.line}: ${e.message}`);
    return {
      human: `import rejected, nothing changed (${r.errorCount} error(s)):\n${lines.join('\n')}`,
      json: { ok: false, ...summary, errors: result.errors, errorCount: r.errorCount, release: null },
      exitCode: 1,
    };
  }
  const repo = new KbReleaseRepository(ds);
  const activate = args.flags.activate === true;
  const license = result.doc.sources[0]?.license ?? 'unknown';
  const title = result.doc.sources[0]?.title ?? r.sourceId;
  const outcome = await ds.transaction(async (m) => {
    const active = await repo.active();
    const hash = await repo.saveSource(m, { id: r.sourceId, format: r.format, title, license, doc: result.doc, report: r });
    const refs = [...(active?.sourceRefs ?? []).filter((s) => s.id !== r.sourceId), { id: r.sourceId, hash, title, license, format: r.format, pairs: r.pairs }];
    const version = KbReleaseRepository.releaseVersion(curated.version, refs);
    const others = (await repo.sourceDocs(refs.filter((s) => s.id !== r.sourceId))) as CompiledKnowledgeBase[];
    const existing = await repo.get(version, m);
    const releasedAt = existing?.releasedAt ?? new Date().toISOString();
    const kb = composeRelease(curated, [...others, result.doc], { version, releasedAt });
    if (!existing) await repo.create(m, { version, releasedAt, curatedVersion: curated.version, sourceRefs: refs, sources: kb.info.sources, counts: { ...kb.counts() } });
    const wasActive = active?.version === version;
    if (activate && !wasActive) {
      const activated = await repo.activate(version, m);
      await new WebhookOutbox().emit(m, 'kb.release.activated', PLATFORM_AUDIENCE, kbActivatedData(activated, active?.version ?? null, false));
    }
    return { version, recorded: !existing, active: wasActive || activate, activeBefore: active?.version ?? null, kb };
  });
  const before = outcome.activeBefore ? await buildRelease(repo, curated, outcome.activeBefore) : buildKnowledgeBase(curated);
  const diff = diffReleases(before, outcome.kb);
  const limit = diffLimit(args);
  const warnings = isNonCommercialLicense(license) ? [`the licence of "${r.sourceId}" (${license}) forbids commercial use: check that your use of this release is allowed`] : [];
  const next = outcome.active
    ? outcome.activeBefore === outcome.version
      ? `no change: release ${outcome.version} was already active`
      : `release ${outcome.version} is now active; running API instances switch within seconds`
    : `release ${outcome.version} ${outcome.recorded ? 'recorded' : 'already recorded'}, not active: review the diff above, then activate it with \`./vigil kb activate ${outcome.version}\``;
  return {
    human: [
      ...warnings.map((w) => `WARNING: ${w}`),
      `${r.format} → source "${r.sourceId}": ${r.rowsRead.toLocaleString()} rows read, ${r.pairs.toLocaleString()} pairs, ${r.drugs.toLocaleString()} drugs`,
      `duplicates merged ${r.duplicatesMerged.toLocaleString()}, rejected rows ${r.rejected.length}, linked ingredients ${r.linkedIngredients}, new ingredients ${r.newIngredients}`,
      ...r.rejected.slice(0, 20).map((x) => `  rejected ${x.file}:${x.line}: ${x.reason}`),
      '',
      describeDiff(outcome.activeBefore ?? curated.version, outcome.version, diff, limit),
      '',
      next,
    ].join('\n'),
    json: {
      ok: true,
      ...summary,
      license,
      nonCommercial: warnings.length > 0,
      warnings,
      release: outcome.version,
      recorded: outcome.recorded,
      active: outcome.active,
      changed: outcome.active && outcome.activeBefore !== outcome.version,
      diff: { from: outcome.activeBefore ?? curated.version, added: diff.added.length, removed: diff.removed.length, changedSeverity: diff.changedSeverity.slice(0, 1000) },
    },
  };
}
