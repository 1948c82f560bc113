// The error codes, their HTTP statuses and the error body.

import { stringEnum, Type, type Static } from './schema-kit';

export const ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'permission_required',
  'not_found',
  'conflict',
  'rate_limited',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  permission_required: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal: 500,
};

/** The body of every error answer (a service may add codes: the client reads any string). */
export const ErrorBodySchema = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'Stable, machine-matchable code.', examples: [...ERROR_CODES] }),
      message: Type.String({ description: 'For humans; may change.' }),
      hint: Type.String({ description: 'A concrete next step.' }),
      current_updated_at: Type.Optional(Type.String({ description: "409 on PATCH /docs/{id}: the doc's updated_at now." })),
    }),
  },
  { $id: 'Error' },
);
export type ErrorBody = Static<typeof ErrorBodySchema>;

/** The codes this contract defines, as a schema (the local service answers only these). */
export const ErrorCodeSchema = stringEnum(ERROR_CODES, { $id: 'ErrorCode' });
