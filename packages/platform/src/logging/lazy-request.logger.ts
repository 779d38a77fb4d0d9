import type { Bindings, ChildLoggerOptions, Logger } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Fastify gives every request a child logger carrying its `requestId`. Creating a pino child costs a few
 * microseconds (bindings serialised, redaction set up) on every request, although most requests log one line or
 * none: this stand-in creates the real child only when something is actually logged.
 */
export class LazyRequestLogger {
  private real: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.parent.level;
  }

  isLevelEnabled(level: string): boolean {
    return this.parent.isLevelEnabled(level);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.logger().child(bindings, options);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  private write(level: Level, args: unknown[]): void {
    if (!this.parent.isLevelEnabled(level)) return;
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc -b needs it (pino's overloads); the lint program does not
    (this.logger()[level] as (...a: unknown[]) => void)(...args);
  }

  private logger(): Logger {
    return (this.real ??= this.parent.child(this.bindings, this.options));
  }
}
