import { describe, expect, it } from 'vitest';
import { testConfig } from '../testing/test-app.ts';
import { loggerOptions, prettyLogs } from './logging.ts';

describe('log format', () => {
  it('is pretty in development at a terminal, JSON in production or into a pipe, unless LOG_FORMAT says', () => {
    const at = (logFormat: 'auto' | 'json' | 'pretty', nodeEnv: 'development' | 'production') => ({
      logFormat,
      nodeEnv,
    });
    expect(prettyLogs(at('auto', 'development'), true)).toBe(true);
    expect(prettyLogs(at('auto', 'development'), false)).toBe(false);
    expect(prettyLogs(at('auto', 'production'), true)).toBe(false);
    expect(prettyLogs(at('pretty', 'production'), false)).toBe(true);
    expect(prettyLogs(at('json', 'development'), true)).toBe(false);
  });

  it('hands Fastify a pino-pretty stream only when pretty, with the level from LOG_LEVEL', async () => {
    const json = await loggerOptions(testConfig({ logFormat: 'json', logLevel: 'warn' }), true);
    expect(json).toEqual({ level: 'warn' });
    const pretty = (await loggerOptions(testConfig({ logFormat: 'pretty', logLevel: 'debug' }), false)) as {
      level: string;
      stream: { write: unknown };
    };
    expect(pretty.level).toBe('debug');
    expect(typeof pretty.stream.write).toBe('function');
  });
});
