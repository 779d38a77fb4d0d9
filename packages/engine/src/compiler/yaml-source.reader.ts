import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { isMap, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import type { KbCompileIssue } from './kb-compile-issue';

/** A knowledge file as text, with its path relative to the knowledge directory. */
export interface KnowledgeFileText {
  path: string;
  text: string;
}

/** One YAML mapping (a list entry, or a whole file) with the line of each of its keys. */
export interface LocatedEntry {
  file: string;
  /** 0-based position in the file's list (0 for a mapping file). */
  index: number;
  line: number;
  value: unknown;
  /** key → 1-based line of the key, for the entry's own keys. */
  lines: Record<string, number>;
  /** Lines of nested nodes by dotted path (`citations.0.source`, `a.ingredient`, `roles.1`). */
  nestedLines: Record<string, number>;
}

export interface ParsedKnowledgeFile {
  path: string;
  /** Top-level list entries, or the single mapping of a mapping file. */
  entries: LocatedEntry[];
  kind: 'list' | 'mapping' | 'empty' | 'invalid';
}

/** Reads knowledge YAML files and keeps the line of every entry and field, so errors point at the right line. */
export class YamlSourceReader {
  /** Every `*.yaml` / `*.yml` under `dir`, sorted by relative path. */
  readDirectory(dir: string): KnowledgeFileText[] {
    const out: KnowledgeFileText[] = [];
    const walk = (d: string) => {
      for (const name of readdirSync(d).sort()) {
        if (name.startsWith('.')) continue;
        const full = join(d, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.ya?ml$/i.test(name)) out.push({ path: relative(dir, full).split(sep).join('/'), text: readFileSync(full, 'utf8') });
      }
    };
    walk(dir);
    return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  parse(file: KnowledgeFileText, issues: KbCompileIssue[]): ParsedKnowledgeFile {
    const lineCounter = new LineCounter();
    const doc = parseDocument(file.text, { lineCounter, prettyErrors: false, uniqueKeys: true });
    const lineOf = (offset: number | undefined) => (offset === undefined ? undefined : lineCounter.linePos(offset).line);
    if (doc.errors.length > 0) {
      for (const e of doc.errors) {
        issues.push({ level: 'error', file: file.path, line: lineOf(e.pos?.[0]), message: `YAML syntax: ${e.message.split('\n')[0]}` });
      }
      return { path: file.path, entries: [], kind: 'invalid' };
    }
    for (const w of doc.warnings) {
      issues.push({ level: 'warning', file: file.path, line: lineOf(w.pos?.[0]), message: `YAML: ${w.message.split('\n')[0]}` });
    }
    const contents = doc.contents as Node | null;
    if (contents === null || contents === undefined) return { path: file.path, entries: [], kind: 'empty' };
    const js = doc.toJS({ maxAliasCount: 1000 }) as unknown;
    const locate = (node: Node, value: unknown, index: number): LocatedEntry => {
      const lines: Record<string, number> = {};
      const nestedLines: Record<string, number> = {};
      const walk = (n: unknown, path: string, depth: number) => {
        if (depth > 4) return;
        if (isMap(n)) {
          for (const pair of n.items) {
            const k = (pair.key as { value?: unknown } | null)?.value;
            if (typeof k !== 'string' && typeof k !== 'number') continue;
            const keyNode = pair.key as Node;
            const l = lineOf(keyNode.range?.[0]);
            const p = path ? `${path}.${k}` : String(k);
            if (l !== undefined) {
              if (depth === 0) lines[String(k)] = l;
              nestedLines[p] = l;
            }
            walk(pair.value, p, depth + 1);
          }
        } else if (isSeq(n)) {
          n.items.forEach((item, i) => {
            const l = lineOf((item as Node | null)?.range?.[0]);
            const p = `${path}.${i}`;
            if (l !== undefined) nestedLines[p] = l;
            walk(item, p, depth + 1);
          });
        }
      };
      walk(node, '', 0);
      return { file: file.path, index, line: lineOf(node.range?.[0]) ?? 1, value, lines, nestedLines };
    };
    if (isSeq(contents)) {
      const arr = js as unknown[];
      return { path: file.path, kind: 'list', entries: contents.items.map((item, i) => locate(item as Node, arr[i], i)) };
    }
    if (isMap(contents)) return { path: file.path, kind: 'mapping', entries: [locate(contents, js, 0)] };
    issues.push({ level: 'error', file: file.path, line: lineOf(contents.range?.[0]), message: 'expected a list of entries (or a mapping for release.yaml)' });
    return { path: file.path, entries: [], kind: 'invalid' };
  }
}
