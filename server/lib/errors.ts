// API errors: every 4xx/5xx body is { errors: [{ type, message, reason?, subject? }] }.
// `messageKey` is a key of schemas/messages, translated by the error handler for the request's language.

export type ErrorType =
  | 'ValidationError' | 'UnknownIdentifierError' | 'InvalidTokenError' | 'CartError' | 'CartValidationError'
  | 'OrderError' | 'PaymentError' | 'InvalidSignatureError' | 'NotFoundError' | 'TooManyRequestsError' | 'ServerError'
  | 'AuthenticationError' | 'MtsBlockedUserError' | 'UnauthorizedError' | 'ForbiddenError' | 'ServiceUnavailableError'
  | 'ConflictError';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: ErrorType,
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
    readonly reason?: string,
    readonly subject?: string,
  ) {
    super(`${type}: ${messageKey}`);
  }
}

export const notFound = (subject: string, key = 'error.unknownIdentifier') =>
  new ApiError(404, 'UnknownIdentifierError', key, { code: subject }, undefined, subject);
export const invalidToken = () => new ApiError(401, 'InvalidTokenError', 'error.invalidToken');
export const badInput = (key: string, params: Record<string, string | number> = {}, subject?: string, reason?: string) =>
  new ApiError(400, 'ValidationError', key, params, reason, subject);
