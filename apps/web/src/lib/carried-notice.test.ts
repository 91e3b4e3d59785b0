import { afterEach, describe, expect, it } from 'vitest';
import { carryNotice, takeCarriedNotice } from './carried-notice';

afterEach(() => sessionStorage.clear());

describe('a notification carried to the next page', () => {
  it('is read once, then forgotten', () => {
    carryNotice({ kind: 'success', message: 'Parti' });
    expect(takeCarriedNotice()).toEqual({ kind: 'success', message: 'Parti' });
    expect(takeCarriedNotice()).toBeNull();
  });

  it('is nothing when what is kept is not one', () => {
    sessionStorage.setItem('coran.notice', '{"kind":"success"}');
    expect(takeCarriedNotice()).toBeNull();
    sessionStorage.setItem('coran.notice', 'not json');
    expect(takeCarriedNotice()).toBeNull();
  });
});
