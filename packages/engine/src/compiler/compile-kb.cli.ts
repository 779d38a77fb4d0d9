#!/usr/bin/env node
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { formatIssue } from './kb-compile-issue';
import { KnowledgeCompiler } from './knowledge.compiler';

const USAGE = `usage: compile-kb <knowledge-dir> <out.json> [--lenient] [--quiet] [--other-names <file>]
  --lenient            write the JSON even when there are errors (entries with errors are left out); exit 0
  --quiet              print errors only
  --other-names <file> names of real drugs NOT in the knowledge base, one per line (spelling-correction guard)`;

function main(argv: string[]): number {
  const args = argv.slice(2);
  const flags = new Set<string>(args.filter((a) => a === '--lenient' || a === '--quiet'));
  const positional: string[] = [];
  let otherNamesFile: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--other-names') otherNamesFile = args[++i];
    else if (args[i] === '--help' || args[i] === '-h') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    } else if (!args[i].startsWith('--')) positional.push(args[i]);
    else if (!flags.has(args[i])) {
      process.stderr.write(`unknown option ${args[i]}\n${USAGE}\n`);
      return 2;
    }
  }
  if (positional.length !== 2) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const [dir, out] = positional.map((p) => resolve(p));
  const otherNames = otherNamesFile
    ? readFileSync(otherNamesFile, 'utf8')
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'))
    : undefined;
  const result = new KnowledgeCompiler().compileDirectory(dir, { otherNames });
  const quiet = flags.has('--quiet');
  for (const issue of result.issues) {
    if (issue.level === 'error' || !quiet) process.stderr.write(`${formatIssue(issue)}\n`);
  }
  const { kb } = result;
  const stats = `${kb.ingredients.length} ingredients, ${kb.products.length} products, ${kb.classes.length} classes, ${kb.rules.length} rules, ${kb.pathways.length} pathways, ${(kb.labels ?? []).length} label statements, ${kb.domains.length} domains`;
  if (!result.ok && !flags.has('--lenient')) {
    process.stderr.write(`\nknowledge base NOT compiled: ${result.errorCount} error(s), ${result.warningCount} warning(s) in ${dir}\n`);
    return 1;
  }
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(kb)}\n`);
  process.stderr.write(`${result.ok ? 'compiled' : `compiled WITH ${result.errorCount} ERROR(S) (lenient)`} ${kb.version}: ${stats}; ${result.warningCount} warning(s) → ${out}\n`);
  return 0;
}

process.exitCode = main(process.argv);
