export interface ParsedArgs {
  positional: string[];
  flags: Record<string, string | true>;
}

/** Flags that never take a value: `kb import --activate FILE` keeps FILE positional. */
const BOOLEAN_FLAGS = new Set(['activate', 'admin']);

/** `--name value`, `--name=value` and bare `--flag`; everything else is positional. */
export function parseArgs(argv: string[]): ParsedArgs {
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 0) flags[arg.slice(2, eq)] = arg.slice(eq + 1);
    else if (!BOOLEAN_FLAGS.has(arg.slice(2)) && i + 1 < argv.length && !argv[i + 1].startsWith('--')) flags[arg.slice(2)] = argv[++i];
    else flags[arg.slice(2)] = true;
  }
  return { positional, flags };
}
