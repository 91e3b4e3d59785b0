/** Builds the answers of the application API in the envelope of REFERENCE §1. */
import { statusName } from '@app/contracts';

type SuccessBody = { timeStamp: string; statusCode: number; status: string; message: string };

/** With `data` the answer carries it (typed as given, so the route's answer schema checks it); without, it has none. */
export function successBody<T>(statusCode: number, message: string, data: T): SuccessBody & { data: T };
export function successBody(statusCode: number, message: string): SuccessBody;
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
