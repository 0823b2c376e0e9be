import { describe, expect, it } from 'vitest';
import { createLogger } from '@hub/runtime';
import { PinoNestLogger } from './nest-logger.js';

type Line = Record<string, unknown>;

/** A destination that keeps the JSON lines written to it. */
function collect() {
  const lines: Line[] = [];
  return { lines, write: (line: string) => void lines.push(JSON.parse(line) as Line) };
}

describe('PinoNestLogger', () => {
  const out = collect();
  const nest = new PinoNestLogger(
    createLogger({ service: 'video', level: 'trace', destination: out }),
  );

  it("maps Nest's levels and contexts onto pino's", () => {
    out.lines.length = 0;
    nest.log('Nest application successfully started', 'NestApplication');
    nest.warn('slow', 'Outage');
    nest.debug('details', 'Videos');
    nest.verbose('more details', 'Videos');
    nest.fatal('gone', 'Videos');
    nest.log('no context');
    expect(out.lines.map((line) => [line.level, line.context, line.msg])).toEqual([
      ['info', 'NestApplication', 'Nest application successfully started'],
      ['warn', 'Outage', 'slow'],
      ['debug', 'Videos', 'details'],
      ['trace', 'Videos', 'more details'],
      ['fatal', 'Videos', 'gone'],
      ['info', undefined, 'no context'],
    ]);
  });

  it('keeps the stack of an error apart from its context', () => {
    out.lines.length = 0;
    const stack = 'Error: lost\n    at handler (videos.ts:1:1)';
    nest.error('request failed', stack, 'ExceptionsHandler');
    nest.error('no stack', 'RpcServer');
    nest.error('stack only', stack);
    nest.error(new Error('thrown'));
    nest.error('users.find failed', new Error('deadlock'), 'Server');
    expect(out.lines.map((line) => [line.level, line.context, line.msg, line.stack])).toEqual([
      ['error', 'ExceptionsHandler', 'request failed', stack],
      ['error', 'RpcServer', 'no stack', undefined],
      ['error', undefined, 'stack only', stack],
      ['error', undefined, 'thrown', undefined],
      ['error', 'Server', 'users.find failed', undefined],
    ]);
    expect(out.lines[3]!.err).toMatchObject({ message: 'thrown' });
    expect(out.lines[4]!.err).toMatchObject({ message: 'deadlock' });
  });

  it('writes nothing below its level', () => {
    const quiet = collect();
    const warnOnly = new PinoNestLogger(createLogger({ level: 'warn', destination: quiet }));
    warnOnly.log('Mapped {/api/videos, GET} route', 'RouterExplorer');
    warnOnly.warn('kept', 'RouterExplorer');
    expect(quiet.lines.map((line) => line.msg)).toEqual(['kept']);
  });
});
