import { APP_VERSION, okEnvelopeSchema, type RouteDef, routeList, ZErrorEnvelope } from '@fit24/contract';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const toJson = (schema: z.ZodType): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
};

const security: Record<RouteDef['auth'], Array<Record<string, string[]>>> = {
  public: [{ apiKey: [] }],
  session: [{ apiKey: [], bearer: [] }],
  user: [{ apiKey: [], bearer: [] }],
  ops: [{ opsKey: [] }],
};

function queryParameters(schema: z.ZodType | undefined) {
  if (!schema) return [];
  const json = toJson(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

function operation(def: RouteDef & { id: string }) {
  const errorResponse = { content: { 'application/json': { schema: toJson(ZErrorEnvelope) } } };
  return {
    operationId: def.id,
    summary: def.summary,
    tags: [def.tag],
    security: security[def.auth],
    parameters: [
      ...queryParameters(def.query),
      ...(def.idempotent
        ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string' } }]
        : []),
    ],
    ...(def.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: toJson(def.body) } } } }
      : {}),
    ...(def.multipart
      ? {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
              },
            },
          },
        }
      : {}),
    responses: {
      '200': {
        description: 'Success',
        content: { 'application/json': { schema: toJson(okEnvelopeSchema(def.data ?? z.unknown())) } },
      },
      '4XX': { description: 'Refused: see the error catalogue', ...errorResponse },
      ...(def.auth === 'session' || def.auth === 'user'
        ? { '401': { description: 'Session invalid (code 502): sign in again', ...errorResponse } }
        : {}),
    },
  };
}

/** The OpenAPI 3.1 document, generated from the contract's route table: nothing is written twice. */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of routeList) {
    paths[def.path] ??= {};
    paths[def.path]![def.method.toLowerCase()] = operation(def);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'FIT24 Exchange API',
      version: APP_VERSION,
      description:
        'Every answer is an envelope: {"error": false, "data": …} or {"error": true, "code", "message", "fields"?}. ' +
        'Code 502 (HTTP 401) means the session is invalid. Money is a decimal string; dates are epoch seconds.',
    },
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        bearer: { type: 'http', scheme: 'bearer' },
        opsKey: { type: 'apiKey', in: 'header', name: 'x-ops-key' },
      },
    },
    paths,
  };
}
