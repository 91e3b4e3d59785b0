import { describe, expect, it } from 'vitest';
import { UpdateUserRequestSchema, type User } from '@app/contracts';
import { profileRequest, profileValuesOf, stepUpRequest } from './profile-values';

const user = {
  id: 7,
  firstName: 'Amina',
  lastName: 'Benali',
  email: 'amina@example.com',
  address: null,
  phone: '+33 6 12 34 56 78',
  title: null,
  bio: 'Teacher',
} as User;

describe('profile values', () => {
  it('turns the missing texts of a user into empty fields', () => {
    expect(profileValuesOf(user)).toEqual({
      firstName: 'Amina',
      lastName: 'Benali',
      email: 'amina@example.com',
      phone: '+33 6 12 34 56 78',
      address: '',
      title: '',
      bio: 'Teacher',
    });
  });

  it('sends trimmed values and blanks as none, as the server keeps them', () => {
    const values = { ...profileValuesOf(user), firstName: ' Amina ', address: '  ', title: ' Dr ' };
    const request = profileRequest(7, values);
    expect(request).toEqual({
      id: 7,
      firstName: 'Amina',
      lastName: 'Benali',
      email: 'amina@example.com',
      phone: '+33 6 12 34 56 78',
      address: null,
      title: 'Dr',
      bio: 'Teacher',
    });
    // The server keeps phones in E.164.
    expect(UpdateUserRequestSchema.parse(request)).toEqual({ ...request, phone: '+33612345678' });
  });

  it('sends the trimmed code of the second factor a change needs, and no code without one', () => {
    const values = { currentPassword: ' pass word ', code: ' abcdef-gh23ij-klmn4p-qrstuv ' };
    expect(stepUpRequest(values, 'TOTP')).toEqual({
      currentPassword: ' pass word ',
      code: 'abcdef-gh23ij-klmn4p-qrstuv',
    });
    expect(stepUpRequest({ ...values, code: ' 123456 ' }, 'SMS')).toEqual({
      currentPassword: ' pass word ',
      code: '123456',
    });
    expect(stepUpRequest(values, undefined)).toEqual({ currentPassword: ' pass word ' });
  });
});
