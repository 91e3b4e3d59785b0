/** Customers, invoices and pages as the API sends them, for the business screens' tests. */
import type { Company, Customer, InvoiceDetail, InvoiceWithCustomer, Page, Stats } from '@app/contracts';

export function aCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 12,
    name: 'Élodie Lefèvre',
    email: 'elodie.lefevre@example.fr',
    address: '12 rue de la Paix, 75002 Paris',
    phone: '+33 6 12 34 56 78',
    type: 'INDIVIDUAL',
    status: 'ACTIVE',
    imageUrl: '/assets/avatars/person-1.svg',
    createdAt: '2025-06-01T09:30:00.000Z',
    totalBilled: 0,
    ...overrides,
  };
}

export function anInvoice(overrides: Partial<InvoiceWithCustomer> = {}): InvoiceWithCustomer {
  return {
    id: 101,
    invoiceNumber: 'INV-000101',
    customerId: 12,
    services: '1 Web Design 200,2 SEO Work 100',
    status: 'PAID',
    date: '2026-03-01',
    total: 300,
    createdAt: '2026-03-01T10:00:00.000Z',
    dueDate: '2026-03-31',
    amountDue: 316.2,
    amountPaid: 316.2,
    balanceDue: 0,
    cancelReason: null,
    customer: { id: 12, name: 'Élodie Lefèvre' },
    ...overrides,
  };
}

/** An invoice as its page receives it: PENDING, two lines, nothing paid yet, created by Test Owner. */
export function anInvoiceDetail(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  const { customer: _customer, ...invoice } = anInvoice({
    status: 'PENDING',
    amountPaid: 0,
    balanceDue: 316.2,
  });
  return {
    ...invoice,
    lines: [
      { position: 1, description: 'Web Design', quantity: 1, unitPrice: 200, amount: 200 },
      { position: 2, description: 'SEO Work', quantity: 2, unitPrice: 50, amount: 100 },
    ],
    payments: [],
    history: [
      {
        id: 1,
        at: '2026-03-01T10:00:00.000Z',
        actor: { id: 7, name: 'Test Owner' },
        action: 'CREATED',
        description: 'Created as PENDING, $316.20 due with the tax',
      },
    ],
    ...overrides,
  };
}

export function aPage<T>(content: T[], number = 0, totalPages = 1): Page<T> {
  return {
    content,
    totalPages,
    totalElements: totalPages * 10,
    numberOfElements: content.length,
    size: 10,
    number,
  };
}

export const STATS: Stats = { totalCustomers: 50, totalInvoices: 150, totalBilled: 123456.7 };

export const COMPANY: Company = {
  name: 'Coran-Hadith, Inc.',
  addressLines: ['123 Main Steet', 'Philadelphia, Pennsylvania 15886'],
  phone: '(123) 456-7890',
  fax: '(123) 456-7890',
  website: 'www.coran-hadith.example',
  billingEmail: 'billing@coran-hadith.example',
  logo: null,
};
