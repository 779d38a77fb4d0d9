/** One problem found while compiling the knowledge base, located as precisely as possible. */
export interface KbCompileIssue {
  level: 'error' | 'warning';
  /** Path relative to the knowledge directory (posix separators). */
  file: string;
  /** 1-based line of the field (or entry) concerned. */
  line?: number;
  /** Id of the entry (ingredient, class, rule…), or `#<n>` when it has none. */
  entry?: string;
  /** Field path within the entry, e.g. `b.ingredient`, `citations[0].source`. */
  field?: string;
  message: string;
}

/** `rules/pairs-a.yaml:42 [warfarin--fluconazole] b.ingredient: unknown ingredient "flucanazole" (did you mean "fluconazole"?)` */
export function formatIssue(issue: KbCompileIssue): string {
  const where = `${issue.file}${issue.line ? `:${issue.line}` : ''}`;
  return `${issue.level === 'error' ? 'error' : 'warning'} ${where}${issue.entry ? ` [${issue.entry}]` : ''}${issue.field ? ` ${issue.field}` : ''}: ${issue.message}`;
}
