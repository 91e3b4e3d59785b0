import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './availability.js';

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection, also when wrapped as the cause', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true);
  });

  it('recognises a server shutting down', () => {
    expect(
      isDatabaseUnavailable({
        code: '57P01',
        message: 'terminating connection due to administrator command',
      }),
    ).toBe(true);
  });

  it('does not mistake a constraint violation or a bug for an outage', () => {
    expect(isDatabaseUnavailable({ code: '23505', message: 'duplicate key' })).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});
