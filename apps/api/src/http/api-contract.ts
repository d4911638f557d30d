import { applyDecorators, createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiHeader, ApiOperation, ApiQuery, ApiResponse } from '@nestjs/swagger';
import { ERROR_CODES, type ErrorCode } from '@inkprint/contracts';
import { z } from 'zod';
import { ZodValidationPipe } from './zod-validation.pipe';

/** What a route takes and answers, from the zod contracts: the OpenAPI document is generated from these, never written twice. */
export interface ApiContractOptions {
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Success answers by status; null = no body described beyond the status. */
  responses: Record<number, z.ZodType | null>;
  /** Error codes of the catalogue this route can answer (VALIDATION_ERROR is added when there is a body or query). */
  errors?: ErrorCode[];
  /** 'bearer': a signed-in account; 'guest-or-bearer': a bearer token, or ?guestId= with the X-Guest-Token header. */
  auth?: 'bearer' | 'guest-or-bearer';
  /** An API key (`Bearer ink_…`) with one of these scopes may call the route too (issue 29, docs/api-keys.md). */
  apiKeyScopes?: readonly string[];
}

/** The OpenAPI security scheme of API keys (declared in app.factory.ts). */
export const API_KEY_SECURITY = 'apiKey';

const SCHEMAS = '#/components/schemas/';

/** The component name of a contract schema (its `.meta({ id })`). */
export function contractId(schema: z.ZodType): string {
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) throw new Error('A contract schema needs .meta({ id }) to appear in the OpenAPI document');
  return id;
}

const ref = (schema: z.ZodType) => ({ $ref: `${SCHEMAS}${contractId(schema)}` });

/** Where `ApiContract` keeps a route's options on its handler, for `@ContractBody()` and `@ContractQuery()`. */
const API_CONTRACT = 'inkprint:api-contract';

export function ApiContract(options: ApiContractOptions): MethodDecorator {
  const keyNote = options.apiKeyScopes?.length ? ` (API key scope: ${options.apiKeyScopes.join(' or ')})` : '';
  const decorators: Array<MethodDecorator | ClassDecorator> = [
    ApiOperation({ summary: `${options.summary}${keyNote}` }),
  ];
  if (options.body) decorators.push(ApiBody({ required: true, schema: ref(options.body) }));
  if (options.query) {
    const json = z.toJSONSchema(options.query, { io: 'input', target: 'openapi-3.0', unrepresentable: 'any' }) as {
      properties?: Record<string, { description?: string }>;
      required?: string[];
      $ref?: string;
      definitions?: Record<string, { properties?: Record<string, object>; required?: string[] }>;
    };
    const root = json.$ref && json.definitions ? json.definitions[json.$ref.split('/').pop() as string] : json;
    for (const [name, schema] of Object.entries(root.properties ?? {})) {
      decorators.push(ApiQuery({ name, required: (root.required ?? []).includes(name), schema: schema as object }));
    }
  }
  for (const [status, schema] of Object.entries(options.responses)) {
    decorators.push(
      ApiResponse({ status: Number(status), description: 'Success', ...(schema ? { schema: ref(schema) } : {}) }),
    );
  }
  if (options.auth === 'bearer') decorators.push(ApiBearerAuth());
  if (options.auth === 'guest-or-bearer') {
    decorators.push(
      ApiBearerAuth(),
      ApiHeader({
        name: 'X-Guest-Token',
        required: false,
        description: 'Guest token (with ?guestId=) when not signed in',
      }),
    );
  }
  const codes = new Set<ErrorCode>(options.errors ?? []);
  if (options.apiKeyScopes?.length) {
    decorators.push(ApiBearerAuth(API_KEY_SECURITY));
    for (const code of [
      'API_KEY_INVALID',
      'API_KEY_PLAN_REQUIRED',
      'API_KEY_SCOPE_MISSING',
      'API_KEY_RATE_LIMITED',
    ] as const)
      codes.add(code);
  }
  if (options.body || options.query) codes.add('VALIDATION_ERROR');
  if (options.auth) codes.add('AUTH_REQUIRED');
  codes.add('INTERNAL_ERROR');
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes)
    byStatus.set(ERROR_CODES[code].status, [...(byStatus.get(ERROR_CODES[code].status) ?? []), code]);
  for (const [status, list] of byStatus) {
    decorators.push(
      ApiResponse({
        status,
        description: list.map((code) => `${code}: ${ERROR_CODES[code].meaning}`).join(' | '),
        schema: { $ref: `${SCHEMAS}ApiErrorBody` },
      }),
    );
  }
  return applyDecorators(...decorators, SetMetadata(API_CONTRACT, options));
}

function contractSchema(context: ExecutionContext, part: 'body' | 'query'): z.ZodType {
  const options = Reflect.getMetadata(API_CONTRACT, context.getHandler()) as ApiContractOptions | undefined;
  const schema = options?.[part];
  if (!schema)
    throw new Error(`@Contract${part === 'body' ? 'Body' : 'Query'}() on a route whose ApiContract has no ${part}`);
  return schema;
}

/**
 * `@ContractBody()`: the request body, checked by `ZodValidationPipe` against the `body` its route's `ApiContract`
 * documents, so a route names its schema once (the OpenAPI document and the check cannot drift apart).
 * `@ContractBody('on-call')`: a function that checks the body when called, for a route whose body is checked only
 * in one case (a batch's texts, when no files were uploaded); same schema, same errors.
 */
export const ContractBody = createParamDecorator((when: 'on-call' | undefined, context: ExecutionContext): unknown => {
  const pipe = new ZodValidationPipe(contractSchema(context, 'body'));
  const check = () => pipe.transform(context.switchToHttp().getRequest<{ body: unknown }>().body);
  return when === 'on-call' ? check : check();
});

/** `@ContractQuery()`: the query parameters, checked against the `query` of the route's `ApiContract`. */
export const ContractQuery = createParamDecorator((_: unknown, context: ExecutionContext): unknown =>
  new ZodValidationPipe(contractSchema(context, 'query')).transform(
    context.switchToHttp().getRequest<{ query: unknown }>().query,
  ),
);

type JsonSchema = Record<string, unknown>;

/**
 * Every contract schema as an OpenAPI component: requests (ids ending in Request or Query) as they are sent, the
 * rest as they are answered.
 */
export function contractComponents(): Record<string, JsonSchema> {
  const convert = (io: 'input' | 'output') =>
    (
      z.toJSONSchema(z.globalRegistry, {
        io,
        target: 'openapi-3.0',
        unrepresentable: 'any',
        uri: (id) => `${SCHEMAS}${id}`,
      }) as { schemas: Record<string, JsonSchema> }
    ).schemas;
  const inputs = convert('input');
  const outputs = convert('output');
  const components: Record<string, JsonSchema> = {};
  for (const [id, output] of Object.entries(outputs)) {
    const { $id: _id, ...schema } = /(Request|Query)$/.test(id) ? inputs[id] : output;
    components[id] = schema;
  }
  return components;
}
