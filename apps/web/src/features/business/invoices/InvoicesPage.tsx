import { ScreenStateView } from '../../../components/ScreenStateView';
import { invoiceListUrl, type InvoiceListData } from '../business-api';
import { BusinessPage } from '../../../components/BusinessPage';
import { InvoicesTable } from '../components/InvoicesTable';
import { Pager } from '../components/Pager';
import { notifyFailure } from '../../../lib/error-notice';
import { usePagedAnswer, type PageRequest } from '../../../lib/use-paged-answer';
import { useNotifiedError } from '../../../lib/use-notified-error';

const urlOf = ({ page }: PageRequest) => invoiceListUrl(page);

/** /invoices (SPEC §2.3, §4): a page of invoices, newest first, with the pager and Print buttons. */
export function InvoicesPage() {
  const list = usePagedAnswer<InvoiceListData, PageRequest>({
    urlOf,
    initial: { page: 0 },
    onChangeFailed: notifyFailure,
  });
  useNotifiedError(list.error);

  return (
    <BusinessPage title="Invoices">
      <ScreenStateView screen={list.screen} loadingLabel="Loading the invoices">
        {({ page }) => (
          <>
            <InvoicesTable
              withCustomers
              invoices={page.content}
              caption={`Invoices, page ${page.number + 1} of ${Math.max(1, page.totalPages)}`}
              busy={list.pending !== null}
            />
            <Pager
              of="invoices"
              page={list.shown.page}
              totalPages={page.totalPages}
              onPage={(next) => void list.goTo({ page: next })}
            />
          </>
        )}
      </ScreenStateView>
    </BusinessPage>
  );
}
