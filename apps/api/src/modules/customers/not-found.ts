/** The 404s of the customer calls: a clear reason instead of the template's 500 "No value present". */
import { AppError } from '../../lib/app-error.js';

export const noCustomer = (id: number) => AppError.notFound(`No customer with ID ${id}`);
export const noInvoice = (id: number) => AppError.notFound(`No invoice with ID ${id}`);
