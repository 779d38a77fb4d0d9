import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

const STARTUP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory']);

/** Routes Nest's own log calls (bootstrap, filters, services) into the app's pino logger as JSON. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  /** Nest's start-up chatter (each module loaded, each route mapped) is debug; the rest of `log` is info. */
  log(message: unknown, context?: string): void {
    this.write(context !== undefined && STARTUP_CONTEXTS.has(context) ? 'debug' : 'info', message, context);
  }
  error(message: unknown, stackOrContext?: string, context?: string): void {
    this.write('error', message, context ?? stackOrContext);
  }
  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string): void {
    this.write('trace', message, context);
  }
  fatal(message: unknown, context?: string): void {
    this.write('fatal', message, context);
  }

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, context?: string): void {
    if (!this.pino.isLevelEnabled(level)) return;
    if (message && typeof message === 'object' && !(message instanceof Error)) this.pino[level]({ context, ...message });
    else if (message instanceof Error) this.pino[level]({ context, err: message }, message.message);
    else this.pino[level]({ context }, String(message));
  }
}
