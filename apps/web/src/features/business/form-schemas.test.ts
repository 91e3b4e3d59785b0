import { describe, expect, it } from 'vitest';
import { CreateCustomerSchema } from '@app/contracts';
import { checkForm } from '../../lib/form-errors';
import { InvoiceFormSchema, type CustomerValues, type InvoiceValues } from './form-schemas';

const INVOICE: InvoiceValues = { customerId: '12', date: '2026-03-01', status: 'PENDING' };

describe('the invoice form', () => {
  it('says an empty date is required, where the server says it is no date, and needs a customer', () => {
    expect(checkForm(InvoiceFormSchema, { ...INVOICE, date: '', customerId: '' }).errors).toEqual({
      date: 'Date is required',
      customerId: 'Customer is required',
    });
    expect(checkForm(InvoiceFormSchema, { ...INVOICE, date: '2026-02-30' }).errors).toEqual({
      date: 'Date must be a real calendar date written YYYY-MM-DD',
    });
  });

  it('sends the values as the server takes them: trimmed, the customer as a number', () => {
    expect(checkForm(InvoiceFormSchema, { ...INVOICE, date: ' 2026-03-01 ' }).data).toEqual({
      customerId: 12,
      date: '2026-03-01',
      status: 'PENDING',
    });
  });
});

describe('the customer forms', () => {
  it('send the values trimmed', () => {
    const customer: CustomerValues = {
      name: ' Karim Benali ',
      email: ' karim@example.com ',
      address: '12 rue de la Paix',
      phone: '+33 6 12 34 56 78',
      type: 'INDIVIDUAL',
      status: 'ACTIVE',
      imageUrl: '/assets/avatars/person-1.svg',
    };
    expect(checkForm(CreateCustomerSchema, customer).data).toMatchObject({
      name: 'Karim Benali',
      email: 'karim@example.com',
    });
    expect(checkForm(CreateCustomerSchema, { ...customer, email: '', phone: '' }).errors).toEqual({
      email: 'Email is required',
      phone: 'Phone is required',
    });
  });
});
