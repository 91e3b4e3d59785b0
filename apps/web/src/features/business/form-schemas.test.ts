import { describe, expect, it } from 'vitest';
import { CreateCustomerSchema } from '@app/contracts';
import { checkForm } from '../../lib/form-errors';
import { InvoiceFormSchema, type CustomerValues, type InvoiceValues } from './form-schemas';

const INVOICE: InvoiceValues = {
  services: '1 Web Design 200,2 SEO Work 100',
  customerId: '12',
  total: '300',
  date: '2026-03-01',
  status: 'PENDING',
};

describe('the invoice form', () => {
  it('says an empty total or date is required, where the server says it is no number or date', () => {
    expect(checkForm(InvoiceFormSchema, { ...INVOICE, total: ' ', date: '' }).errors).toEqual({
      total: 'Total is required',
      date: 'Date is required',
    });
    expect(checkForm(InvoiceFormSchema, { ...INVOICE, total: '12.345', date: '2026-02-30' }).errors).toEqual({
      total: 'Total can have at most 2 decimals',
      date: 'Date must be a real calendar date written YYYY-MM-DD',
    });
  });

  it('needs services the printed invoice can read, and a customer', () => {
    const errors = checkForm(InvoiceFormSchema, {
      ...INVOICE,
      services: 'Web Design',
      customerId: '',
    }).errors;
    expect(errors.services).toMatch(/Web Design/);
    expect(errors.customerId).toBe('Customer is required');
    expect(checkForm(InvoiceFormSchema, { ...INVOICE, services: ' , ' }).errors).toEqual({
      services: 'Services is required',
    });
  });

  it('sends the values as the server takes them: trimmed, the customer and the total as numbers', () => {
    expect(checkForm(InvoiceFormSchema, { ...INVOICE, total: ' 12.5 ', date: ' 2026-03-01 ' }).data).toEqual({
      services: '1 Web Design 200,2 SEO Work 100',
      customerId: 12,
      total: 12.5,
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
