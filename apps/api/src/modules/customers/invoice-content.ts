/**
 * What a new invoice is made of, from the request (decision 24): its lines, or the template's services text and
 * total read as lines. The total is always the sum of the lines, computed here: a client's total is only
 * checked against it (and a services text sent with lines against theirs), and one that disagrees is refused with
 * the reason, so a printed invoice always adds up.
 */
import {
  INVOICE_TOTAL_MAX,
  formatMoney,
  linesOfServices,
  linesTotal,
  servicesOf,
  toCents,
  type CreateInvoice,
} from '@app/contracts';
import { AppError } from '../../lib/app-error.js';
import type { NewInvoice } from './invoices.repository.js';

export function invoiceContent(request: CreateInvoice): NewInvoice {
  const { customerId, date, status } = request;
  if (request.lines) {
    const total = linesTotal(request.lines);
    if (total <= 0)
      throw AppError.badRequest('The lines add up to $0.00: an invoice is for more than nothing');
    if (total > toCents(INVOICE_TOTAL_MAX))
      throw AppError.badRequest(`The lines add up to more than ${formatMoney(toCents(INVOICE_TOTAL_MAX))}`);
    if (request.total !== undefined && toCents(request.total) !== total) {
      throw AppError.badRequest(
        `The total (${formatMoney(toCents(request.total))}) is not the sum of the lines (${formatMoney(total)})`,
      );
    }
    const services = servicesOf(request.lines);
    if (request.services !== undefined && request.services !== services) {
      throw AppError.badRequest(
        `The services text is not the one the lines make ("${services}"): send the lines alone`,
      );
    }
    return { customerId, date, status, lines: request.lines, services, total };
  }
  // The schema requires both without lines.
  const services = request.services ?? '';
  const total = request.total ?? 0;
  const read = linesOfServices(services, total);
  if ('problem' in read) throw AppError.badRequest(read.problem);
  return { customerId, date, status, lines: read.lines, services, total: toCents(total) };
}
