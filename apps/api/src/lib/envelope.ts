/** Builds the answers of the application API in the envelope of REFERENCE §1. */
import { statusName } from '@app/contracts';

export function successBody<T>(statusCode: number, message: string, data?: T) {
  return {
    timeStamp: new Date().toISOString(),
    statusCode,
    status: statusName(statusCode),
    message,
    ...(data === undefined ? {} : { data }),
  };
}

export function errorBody(statusCode: number, reason: string, developerMessage?: string) {
  return {
    timeStamp: new Date().toISOString(),
    statusCode,
    status: statusName(statusCode),
    reason,
    ...(developerMessage === undefined ? {} : { developerMessage }),
  };
}
