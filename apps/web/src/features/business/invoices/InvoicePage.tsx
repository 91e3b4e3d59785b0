import { useEffect, useRef, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { InvoiceData } from '@app/contracts';
import { ScreenStateView } from '../../../components/ScreenStateView';
import { notify } from '../../../lib/notify';
import { answerScreen } from '../../../lib/answer-screen';
import { PATHS } from '../../../lib/paths';
import { invoiceQuery } from '../business-api';
import { Breadcrumb } from '../components/Breadcrumb';
import { BusinessPage } from '../../../components/BusinessPage';
import { notifyFailure } from '../../../lib/error-notice';
import { exportInvoicePdf } from '../invoice-pdf';
import { useNotifiedError } from '../../../lib/use-notified-error';
import { InvoiceAccount } from './InvoiceAccount';
import { PrintableInvoice } from './PrintableInvoice';
import { SendInvoiceButton } from './SendInvoiceButton';

/**
 * /invoices/{id}/{invoiceNumber} (SPEC §2.3, §4, §8): the printable invoice, loaded by its id, with the
 * breadcrumb and 'Export as PDF'; under it, its payments, history and actions (decision 24). Loading, loaded and error states; the answer's message as a default
 * notification, a failure as an error notification and the error state.
 */
export function InvoicePage() {
  const { id = '', invoiceNumber = '' } = useParams();
  const query = useQuery(invoiceQuery(id));
  const printable = useRef<HTMLElement>(null);
  const [exporting, setExporting] = useState(false);
  useNotifiedError(query.error);

  // SPEC §8: the answer's message as a default notification, once per answer shown by this screen.
  const answer = query.data;
  const announced = useRef<object | null>(null);
  useEffect(() => {
    if (!answer || announced.current === answer) return;
    announced.current = answer;
    notify('default', answer.message);
  }, [answer]);

  const data = answer?.data as InvoiceData | undefined;
  const number = data?.invoice.invoiceNumber ?? invoiceNumber;

  const exportPdf = async () => {
    if (!printable.current || !data) return;
    setExporting(true);
    try {
      await exportInvoicePdf(printable.current, data.invoice.invoiceNumber);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <BusinessPage
      title={`Invoice ${number}`}
      before={<Breadcrumb items={[{ label: 'Invoices', to: PATHS.invoices }, { label: number }]} />}
      actions={
        data && (
          <Group gap="sm">
            <SendInvoiceButton invoice={data.invoice} customer={data.customer} user={data.user} />
            <Button onClick={() => void exportPdf()} loading={exporting}>
              Export as PDF
            </Button>
          </Group>
        )
      }
    >
      <ScreenStateView screen={answerScreen<InvoiceData>(query)} loadingLabel="Loading the invoice">
        {({ invoice, customer, company, user }) => (
          <>
            <PrintableInvoice ref={printable} invoice={invoice} customer={customer} company={company} />
            <InvoiceAccount invoice={invoice} user={user} />
          </>
        )}
      </ScreenStateView>
    </BusinessPage>
  );
}
