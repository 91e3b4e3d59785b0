import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LoginRequestSchema } from '@app/contracts';
import { checkForm, firstErrorOfEachField } from './form-errors';

const NameAndAge = z
  .object({
    name: z.string().trim().min(1, 'Name is required').min(2, 'Name is too short'),
    age: z.coerce.number().int('Age is a whole number').positive('Age is positive'),
  })
  .refine((values) => values.name !== 'Nobody', 'Said of the whole form');

describe('a form checked by its schema', () => {
  it('shows the first message of each field, in the order of the checks', () => {
    expect(checkForm(NameAndAge, { name: '', age: '-1.5' }).errors).toEqual({
      name: 'Name is required',
      age: 'Age is a whole number',
    });
    expect(checkForm(NameAndAge, { name: 'A', age: '3' }).errors).toEqual({ name: 'Name is too short' });
  });

  it('gives what the schema makes of valid values, and no errors', () => {
    expect(checkForm(NameAndAge, { name: ' Amina ', age: '31' })).toEqual({
      valid: true,
      data: { name: 'Amina', age: 31 },
      errors: {},
    });
  });

  it('is invalid, with no data, while any rule is broken, even one about no field', () => {
    const check = checkForm(NameAndAge, { name: 'Nobody', age: '31' });
    expect(check.valid).toBe(false);
    expect(check.data).toBeUndefined();
    expect(check.errors).toEqual({});
  });

  it('keeps issues of nested paths under their field, and ignores those without a field', () => {
    const errors = firstErrorOfEachField([
      { code: 'custom', message: 'About the form', path: [], input: undefined },
      { code: 'custom', message: 'About a line', path: ['lines', 0, 'rate'], input: undefined },
      { code: 'custom', message: 'Second about the lines', path: ['lines'], input: undefined },
    ]);
    expect(errors).toEqual({ lines: 'About a line' });
  });

  it('runs the contracts without generating code, as the Content-Security-Policy requires', () => {
    expect(checkForm(LoginRequestSchema, { email: 'amina@example.com', password: 'x' }).valid).toBe(true);
    expect(z.config().jitless).toBe(true);
  });
});
