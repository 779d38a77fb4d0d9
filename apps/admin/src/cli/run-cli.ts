import { CliUsageError } from './cli-usage.error';
import { CLI_USAGE, cliHelp } from './cli-usage.text';

/**
 * Entry point of the operator CLI. With `--json`, exactly one JSON document goes to stdout.
 *
 * Only the usage text is loaded up front: `--help` and an unknown command answer without loading Nest, TypeORM or
 * the engine (about a second of module loading), which `cli-commands.ts` brings in only to run a command.
 */
export async function runCli(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  try {
    const words = argv.filter((a) => a !== '--json');
    if (!words.length || words[0] === 'help' || words[0] === '--help') {
      process.stdout.write(`${cliHelp()}\n`);
      return words.length ? 0 : 2;
    }
    const one = words[0];
    const two = `${words[0]} ${words[1] ?? ''}`.trim();
    const name = one in CLI_USAGE ? one : two;
    if (!(name in CLI_USAGE)) throw new CliUsageError(`unknown command "${two}"\n\n${cliHelp()}`);
    const { runCliCommand } = await import('./cli-commands.js');
    const out = await runCliCommand(name, words.slice(name.split(' ').length), json);
    // A command that wrote its own lines as it went (audit export) adds nothing; a document that ends its own lines
    // (CSV: CRLF) is written as is.
    if ((out as { streamed?: boolean }).streamed) return 0;
    process.stdout.write(json ? `${JSON.stringify(out.json)}\n` : out.human.endsWith('\n') ? out.human : `${out.human}\n`);
    return (out as { exitCode?: number }).exitCode ?? 0;
  } catch (error) {
    const { code, errors } = await describeError(error);
    const message = error instanceof Error ? error.message : String(error);
    if (json) process.stdout.write(`${JSON.stringify({ error: { code, message, ...(errors ? { errors } : {}) } })}\n`);
    else process.stderr.write(`error: ${message}\n`);
    return error instanceof CliUsageError ? 2 : 1;
  }
}

/** The stable code of a failure (`usage`, a problem's own code, `config` or `failed`) and a problem's field errors. */
async function describeError(error: unknown): Promise<{ code: string; errors?: unknown }> {
  if (error instanceof CliUsageError) return { code: 'usage' };
  // Loaded here, not up front: a command that failed has already loaded the platform package.
  const { ConfigError, ProblemException } = await import('@vigil/platform');
  if (error instanceof ProblemException) return { code: error.code, errors: error.errors };
  return { code: error instanceof ConfigError ? 'config' : 'failed' };
}
