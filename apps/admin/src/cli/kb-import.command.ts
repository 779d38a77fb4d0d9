import { KbReleaseRepository } from '@vigil/db';
import { CURATED_KB_PATH, type CompiledKnowledgeBase, buildKnowledgeBase, composeRelease, readCompiledKb } from '@vigil/engine';
import { IMPORT_FORMATS, type ImportFormat, type ImportProgress, importSource } from '@vigil/kb-import';
import { statSync } from 'node:fs';
import type { DataSource } from 'typeorm';
import { CliUsageError } from './cli-usage.error';
import type { CliOutput } from './kb-commands';
import type { ParsedArgs } from './parse-args';

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
 * `kb import --format F FILES...`: parse and link the files, and — only if every file is valid — store the source
 * version, record the release (curated pack + the active release's other sources + this one) and activate it, in one
 * transaction. A malformed file changes nothing. Re-importing identical files changes nothing either.
 */
export async function kbImport(ds: DataSource, args: ParsedArgs): Promise<CliOutput & { exitCode?: number }> {
  const format = args.flags.format;
  if (typeof format !== 'string' || !(IMPORT_FORMATS as readonly string[]).includes(format)) throw new CliUsageError(`--format must be one of ${IMPORT_FORMATS.join(', ')}`);
  const files = args.positional;
  if (!files.length) throw new CliUsageError('usage: kb import --format F FILES... [--source-id ID --title T --license L]');
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
  const outcome = await ds.transaction(async (m) => {
    const active = await repo.active();
    const hash = await repo.saveSource(m, {
      id: r.sourceId,
      format: r.format,
      title: result.doc.sources[0]?.title ?? r.sourceId,
      license: result.doc.sources[0]?.license ?? 'unknown',
      doc: result.doc,
      report: r,
    });
    const refs = [
      ...(active?.sourceRefs ?? []).filter((s) => s.id !== r.sourceId),
      { id: r.sourceId, hash, title: result.doc.sources[0]?.title ?? r.sourceId, license: result.doc.sources[0]?.license ?? 'unknown', format: r.format, pairs: r.pairs },
    ];
    const version = KbReleaseRepository.releaseVersion(curated.version, refs);
    if (active?.version === version) return { version, changed: false };
    const others = (await repo.sourceDocs(refs.filter((s) => s.id !== r.sourceId))) as CompiledKnowledgeBase[];
    const releasedAt = new Date().toISOString();
    const kb = composeRelease(curated, [...others, result.doc], { version, releasedAt });
    await repo.create(m, { version, releasedAt, curatedVersion: curated.version, sourceRefs: refs, sources: kb.info.sources, counts: { ...kb.counts() } });
    await repo.activate(version, m);
    return { version, changed: true };
  });
  return {
    human: [
      `${r.format} → source "${r.sourceId}": ${r.rowsRead.toLocaleString()} rows read, ${r.pairs.toLocaleString()} pairs, ${r.drugs.toLocaleString()} drugs`,
      `duplicates merged ${r.duplicatesMerged.toLocaleString()}, rejected rows ${r.rejected.length}, linked ingredients ${r.linkedIngredients}, new ingredients ${r.newIngredients}`,
      ...r.rejected.slice(0, 20).map((x) => `  rejected ${x.file}:${x.line}: ${x.reason}`),
      outcome.changed ? `release ${outcome.version} is now active` : `no change: release ${outcome.version} already active`,
    ].join('\n'),
    json: { ok: true, ...summary, release: outcome.version, changed: outcome.changed },
  };
}
