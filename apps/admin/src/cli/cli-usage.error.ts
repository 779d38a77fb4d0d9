/** A mistake in how the CLI was called (exit code 2). */
export class CliUsageError extends Error {}
