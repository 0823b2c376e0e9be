import type { LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';
import { nestParentLogger } from '@hub/runtime';

const looksLikeStack = (text: string) => /\n\s+at /.test(text);

/**
 * Nest's lines (its own and those of every `new Logger(Context.name)`) through the process's
 * pino logger, each with its context: `log` is info, `verbose` is trace.
 */
export class PinoNestLogger implements LoggerService {
  private readonly root: Logger;
  private readonly contexts = new Map<string, Logger>();

  constructor(root?: Logger) {
    this.root = root ?? nestParentLogger();
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /** Nest passes (message, ...details, context), and for an error (message, stack, context). */
  private write(level: Level, message: unknown, params: unknown[]): void {
    const rest = [...params];
    let context: string | undefined;
    const last = rest.at(-1);
    if (
      typeof last === 'string' &&
      !(level === 'error' && rest.length === 1 && looksLikeStack(last))
    ) {
      context = last;
      rest.pop();
    }
    const log = context ? this.child(context) : this.root;
    if (!log.isLevelEnabled(level)) return;
    const stack = level === 'error' && typeof rest[0] === 'string' ? rest.shift() : undefined;
    const fields: Record<string, unknown> = {};
    if (stack) fields.stack = stack;
    // An error passed along (`logger.error('failed', error)`) keeps its message and stack.
    const error = rest.findIndex((param) => param instanceof Error);
    if (error >= 0) fields.err = rest.splice(error, 1)[0];
    if (rest.length > 0) fields.details = rest;
    if (message instanceof Error) log[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) log[level]({ ...fields, ...message });
    else log[level](fields, String(message));
  }

  private child(context: string): Logger {
    let child = this.contexts.get(context);
    if (!child) this.contexts.set(context, (child = this.root.child({ context })));
    return child;
  }
}
