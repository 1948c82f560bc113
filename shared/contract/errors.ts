// The error codes, their HTTP statuses and the error body.

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

export interface ErrorBody {
  error: {
    code: string;
    message: string;
    hint: string;
    /** 409 on PATCH /docs/{id}: the doc's updated_at now. */
    current_updated_at?: string;
  };
}
