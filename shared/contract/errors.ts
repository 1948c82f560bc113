// The error codes, their HTTP statuses and the error body.

import { stringEnum, Type, type Static } from './schema-kit';
import { ERROR_CODES } from './values';

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
