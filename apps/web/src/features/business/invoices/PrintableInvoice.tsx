import { formatMediumDate } from '@app/contracts';
import { forwardRef } from 'react';
import type { InvoiceData } from '@app/contracts';
import { invoiceStatusColors } from '../../../lib/status-badges';
import { splitArabicRuns } from '../../../lib/arabic-runs';
import { formatMoney, invoiceTotals, TAX_RATE_LABEL, toCents } from '@app/contracts';
// The invoice's fonts, loaded with this page only: the same Noto Sans (2.015) and Noto Sans Arabic (2.012) as the
// TrueType files the PDF embeds (invoice-pdf-fonts.ts), so the browser measures the text as the PDF draws it.
import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/700.css';
import '@fontsource/noto-sans-arabic/400.css';
import '@fontsource/noto-sans-arabic/700.css';
import classes from './invoice.module.css';

type Props = Pick<InvoiceData, 'invoice' | 'customer' | 'company'>;

/**
 * The printable invoice (SPEC §2.3, REFERENCE §1): who it is from (the business's own details, written by its
 * owner: only what it wrote is printed) and to, its number and dates (the due date itself beside SPEC's sentence), its lines with
 * their quantities, SUBTOTAL, TAX (5.4%) and TOTAL, what was received and the balance due once anything was,
 * and the thank-you footer. The same element is printed by the browser and drawn into the PDF.
 */
export const PrintableInvoice = forwardRef<HTMLElement, Props>(function PrintableInvoice(
  { invoice, customer, company },
  ref,
) {
  const totals = invoiceTotals(invoice.total);
  const colors = invoiceStatusColors(invoice.status);
  const badgeStyle = { background: colors.background, color: colors.text };
  return (
    <article ref={ref} className={classes.invoice} aria-label={`Invoice ${invoice.invoiceNumber}`}>
      <header className={classes.top}>
        <div>
          {company.logo && (
            <img className={classes.logo} src={company.logo} alt={`Logo of ${company.name}`} />
          )}
          <h2 className={classes.company}>
            <Written text={company.name} />
          </h2>
          <address className={classes.address}>
            {company.addressLines.map((line, index) => (
              <span key={index}>
                <Written text={line} />
              </span>
            ))}
            {company.phone && <span>Phone: {company.phone}</span>}
            {company.fax && <span>Fax: {company.fax}</span>}
          </address>
        </div>
        <div className={classes.meta}>
          <p className={classes.kind}>INVOICE</p>
          <p>
            <strong>Invoice #:</strong> {invoice.invoiceNumber}
          </p>
          <p>
            <strong>Date:</strong> {formatMediumDate(invoice.date)}
          </p>
          <p>Due Date: 30 Days from Invoice Date ({formatMediumDate(invoice.dueDate)})</p>
        </div>
      </header>

      <section className={classes.to} aria-label="Billed to">
        <h3 className={classes.label}>To</h3>
        <p className={classes.customerName}>
          <Written text={customer.name} />
        </p>
        <address className={classes.address}>
          <span>
            <Written text={customer.address} />
          </span>
          <span>{customer.email}</span>
          <span>{customer.phone}</span>
        </address>
        <div className={classes.status}>
          {/* A plain badge: html2canvas leaves the text of the component library's badge out of the PDF. */}
          Status:{' '}
          <span className={classes.badge} style={badgeStyle}>
            {invoice.status}
          </span>
        </div>
      </section>

      {/* On a narrow phone the table scrolls in its own box rather than past the invoice's edge. */}
      <div className={classes.servicesBox} role="region" aria-label="Services" tabIndex={0}>
        {/* Named by aria-label, not a hidden caption: html2canvas would draw hidden text into the PDF. */}
        <table className={classes.services} aria-label={`Services of invoice ${invoice.invoiceNumber}`}>
          <thead>
            <tr>
              <th scope="col">#</th>
              {/* Spelled so on screen, as SPEC §2.3 has it. */}
              <th scope="col">Provided Servives</th>
              <th scope="col" className={classes.amount}>
                QTY
              </th>
              <th scope="col" className={classes.amount}>
                RATE
              </th>
              <th scope="col" className={classes.amount}>
                TOTAL
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line) => (
              <tr key={line.position}>
                <td>{line.position}</td>
                <td>
                  <Written text={line.description} />
                </td>
                <td className={classes.amount}>{line.quantity}</td>
                <td className={classes.amount}>{formatMoney(toCents(line.unitPrice))}</td>
                <td className={classes.amount}>{formatMoney(toCents(line.amount))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl className={classes.totals}>
        <div>
          <dt>SUBTOTAL</dt>
          <dd>{formatMoney(totals.subtotal)}</dd>
        </div>
        <div>
          <dt>TAX ({TAX_RATE_LABEL})</dt>
          <dd>{formatMoney(totals.tax)}</dd>
        </div>
        <div className={classes.grandTotal}>
          <dt>TOTAL</dt>
          <dd>{formatMoney(totals.total)}</dd>
        </div>
        {invoice.amountPaid > 0 && (
          <>
            <div>
              <dt>PAID</dt>
              <dd>{formatMoney(-toCents(invoice.amountPaid))}</dd>
            </div>
            <div className={classes.grandTotal}>
              <dt>BALANCE DUE</dt>
              <dd>{formatMoney(toCents(invoice.balanceDue))}</dd>
            </div>
          </>
        )}
      </dl>

      <footer className={classes.footer}>
        <p className={classes.thanks}>THANK YOU FOR YOUR BUSINESS</p>
        <p>
          {company.website && <span>{company.website}</span>}
          {company.phone && <span>Telephone:{company.phone}</span>}
          {company.billingEmail && <span>{company.billingEmail}</span>}
        </p>
      </footer>
    </article>
  );
});

/**
 * A text the business or its customer wrote, each Arabic run in a span of its own in Noto Sans Arabic: jsPDF draws
 * each piece of text html2canvas hands it in the first of its element's fonts that it has, and Noto Sans has no
 * Arabic letters.
 */
function Written({ text }: { text: string }) {
  return splitArabicRuns(text).map((run, index) =>
    run.arabic ? (
      <span key={index} lang="ar" dir="rtl" className={classes.arabic}>
        {run.text}
      </span>
    ) : (
      run.text
    ),
  );
}
