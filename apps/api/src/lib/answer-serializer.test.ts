import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler } from './answer-serializer.js';

const schema = z.object({ id: z.number() });
const route = { schema, method: 'GET', url: '/example', httpStatus: '200' };

describe('answerSerializerCompiler', () => {
  it('checked: sends a fitting answer as built, and refuses one with a field its schema does not declare', () => {
    const serialize = answerSerializerCompiler({ checked: true })(route);
    expect(serialize({ id: 1 })).toBe('{"id":1}');
    expect(() => serialize({ id: 1, secret: 'x' })).toThrow();
    expect(() => serialize({ id: 'one' })).toThrow();
  });

  it('in production: sends the answer as built, unchecked', () => {
    const serialize = answerSerializerCompiler({ checked: false })(route);
    expect(serialize({ id: 1, extra: true })).toBe('{"id":1,"extra":true}');
  });
});
