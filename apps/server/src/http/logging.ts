import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { AppConfig } from '../config.ts';

/**
 * Whether log lines are for a person or a machine. `LOG_FORMAT=auto` (the default): pino-pretty in
 * development at a terminal, one JSON object a line in production or when the output is a file or a pipe
 * (a log collector); `json` and `pretty` force one.
 */
export function prettyLogs(config: Pick<AppConfig, 'logFormat' | 'nodeEnv'>, isTTY: boolean): boolean {
  if (config.logFormat !== 'auto') return config.logFormat === 'pretty';
  return config.nodeEnv !== 'production' && isTTY;
}

/**
 * Fastify's own lines per request at debug: at the default level (info) a terminal shows what happens in
 * the exchange, not every poll and health check. A request that failed still logs at error.
 */
export class RequestLogAtDebug extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  }
}

/** The logger options for `Fastify()`: the level (LOG_LEVEL), and pino-pretty, loaded only when used. */
export async function loggerOptions(
  config: AppConfig,
  isTTY = process.stdout.isTTY === true,
): Promise<NonNullable<FastifyServerOptions['logger']>> {
  if (!prettyLogs(config, isTTY)) return { level: config.logLevel };
  const { default: pretty } = await import('pino-pretty');
  return {
    level: config.logLevel,
    stream: pretty({ translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true }),
  };
}
