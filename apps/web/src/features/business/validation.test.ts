import { describe, expect, it } from 'vitest';
import {
  CreateCustomerSchema,
  CreateInvoiceSchema,
  CUSTOMER_NAME_MAX_LENGTH as CONTRACT_NAME_MAX,
  INVOICE_SERVICES_MAX_LENGTH as CONTRACT_SERVICES_MAX,
  INVOICE_TOTAL_MAX,
} from '@app/contracts';
import {
  CUSTOMER_NAME_MAX_LENGTH,
  customerPayload,
  INVOICE_SERVICES_MAX_LENGTH,
  INVOICE_TOTAL_MAX_CENTS,
  invoicePayload,
  validateCustomer,
  validateInvoice,
  type CustomerValues,
  type InvoiceValues,
} from './validation';

const CUSTOMER: CustomerValues = {
  name: 'Karim Benali',
  email: 'karim@example.com',
  address: '12 rue de la Paix, 75002 Paris',
  phone: '+33 6 12 34 56 78',
  type: 'INDIVIDUAL',
  status: 'ACTIVE',
  imageUrl: '/assets/avatars/person-1.svg',
};

const INVOICE: InvoiceValues = {
  services: '1 Web Design 200,2 SEO Work 100',
  customerId: '12',
  total: '300',
  date: '2026-03-01',
  status: 'PENDING',
};

describe('the rules agree with the server', () => {
  it('uses the same limits', () => {
    expect(CUSTOMER_NAME_MAX_LENGTH).toBe(CONTRACT_NAME_MAX);
    expect(INVOICE_SERVICES_MAX_LENGTH).toBe(CONTRACT_SERVICES_MAX);
    expect(INVOICE_TOTAL_MAX_CENTS).toBe(Math.round(INVOICE_TOTAL_MAX * 100));
  });

  it('accepts and refuses the same customers', () => {
    const samples: Partial<CustomerValues>[] = [
      {},
      { name: '' },
      { name: '  ' },
      { name: 'x'.repeat(200) },
      { name: 'x'.repeat(201) },
      { email: 'not-an-email' },
      { email: ' spaced@example.com ' },
      { address: '' },
      { address: 'x'.repeat(301) },
      { phone: '12345' },
      { phone: '01 23 45 67 89' },
      { phone: '+1 (555) 123-4567' },
      { phone: 'call me' },
      { type: 'COMPANY' },
      { status: 'DELETED' },
      { status: 'BANNED' },
      { imageUrl: 'https://example.com/a.png' },
      { imageUrl: 'javascript:alert(1)' },
      { imageUrl: 'data:image/png;base64,AAAA' },
      { imageUrl: '//evil.example/a.png' },
      { imageUrl: '/\\evil.example/a.png' },
      { imageUrl: 'relative/a.png' },
      { imageUrl: 'http://example.com/a.png' },
      { imageUrl: '/api/user/image/a.png' },
      { imageUrl: 'https://example.com/%61pi/user/profile' },
      { imageUrl: '/assets/avatars/institution-2.svg' },
      { imageUrl: '/assets/avatars/../x.svg' },
      { imageUrl: '' },
    ];
    for (const sample of samples) {
      const values = { ...CUSTOMER, ...sample };
      const ours = Object.keys(validateCustomer(values)).length === 0;
      expect(ours, JSON.stringify(sample)).toBe(CreateCustomerSchema.safeParse(values).success);
      if (ours) expect(customerPayload(values)).toEqual(CreateCustomerSchema.parse(values));
    }
  });

  it('accepts and refuses the same invoices (services in the format the detail screen reads)', () => {
    const samples: Partial<InvoiceValues>[] = [
      {},
      { services: '' },
      { customerId: '' },
      { customerId: '0' },
      { customerId: 'abc' },
      { total: '' },
      { total: '0' },
      { total: '-5' },
      { total: '12.5' },
      { total: '12.50' },
      { total: '12.505' },
      { total: '.5' },
      { total: '1e3' },
      { total: 'abc' },
      { total: '9999999999.99' },
      { total: '10000000000' },
      { date: '' },
      { date: '2026-02-30' },
      { date: '2024-02-29' },
      { date: '2025-02-29' },
      { date: '1899-12-31' },
      { date: '3000-01-01' },
      { date: '01/03/2026' },
      { status: 'DRAFT' },
      { status: 'OVERDUE' },
    ];
    for (const sample of samples) {
      const values = { ...INVOICE, ...sample };
      const ours = Object.keys(validateInvoice(values)).length === 0;
      expect(ours, JSON.stringify(sample)).toBe(CreateInvoiceSchema.safeParse(values).success);
      if (ours) expect(invoicePayload(values)).toEqual(CreateInvoiceSchema.parse(values));
    }
  });

  it('gives the server messages', () => {
    expect(validateInvoice({ ...INVOICE, total: '12.505' }).total).toBe('Total can have at most 2 decimals');
    expect(validateInvoice({ ...INVOICE, total: '0' }).total).toBe('Total must be greater than 0');
    expect(validateCustomer({ ...CUSTOMER, name: '' }).name).toBe('Name is required');
    const refused = CreateCustomerSchema.safeParse({ ...CUSTOMER, imageUrl: '/api/user/image/a.png' });
    expect(validateCustomer({ ...CUSTOMER, imageUrl: '/api/user/image/a.png' }).imageUrl).toBe(
      refused.error?.issues[0]?.message,
    );
  });
});

describe('validateInvoice', () => {
  it('also refuses services the printed invoice could not read', () => {
    expect(validateInvoice({ ...INVOICE, services: 'Web design' }).services).toBe(
      'Entry 1 ("Web design"): write a row number, a description and a rate',
    );
    expect(validateInvoice({ ...INVOICE, services: ' , ' }).services).toBe('Services is required');
    expect(validateInvoice({ ...INVOICE, services: '2 Monthly SEO audit 150' }).services).toBeUndefined();
  });
});
