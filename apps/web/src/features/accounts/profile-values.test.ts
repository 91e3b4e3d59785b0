import { describe, expect, it } from 'vitest';
import { UpdateUserRequestSchema, type User } from '@app/contracts';
import { profileRequest, profileValuesOf } from './profile-values';

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
    expect(UpdateUserRequestSchema.parse(request)).toEqual(request);
  });
});
