import { describe, expect, it } from 'vitest';
import { screenStateOf } from './screen-state';

describe('screenStateOf', () => {
  it('is LOADING while the query is pending', () => {
    expect(screenStateOf({ status: 'pending', data: undefined, error: null })).toEqual({ state: 'LOADING' });
  });

  it('is LOADED with the data on success', () => {
    expect(screenStateOf({ status: 'success', data: [1, 2], error: null })).toEqual({
      state: 'LOADED',
      data: [1, 2],
    });
  });

  it('is ERROR with the error text on failure', () => {
    expect(
      screenStateOf({
        status: 'error',
        data: undefined,
        error: new Error('An error occurred - Error status 500'),
      }),
    ).toEqual({
      state: 'ERROR',
      error: 'An error occurred - Error status 500',
    });
  });

  it('stays LOADED with the data it has when a refresh fails', () => {
    expect(screenStateOf({ status: 'error', data: [1, 2], error: new Error('offline') })).toEqual({
      state: 'LOADED',
      data: [1, 2],
    });
  });
});
