import { useCallback, useState } from 'react';
import { Group, Title } from '@mantine/core';
import { ScreenStateView } from '../../../components/ScreenStateView';
import { errorText } from '../../../lib/screen-state';
import { customerListUrl, type CustomerListData } from '../business-api';
import { BusinessPage } from '../../../components/BusinessPage';
import { CustomersTable } from '../components/CustomersTable';
import { ErrorBanner } from '../../../components/FormBanners';
import { Pager } from '../components/Pager';
import { ReportDownload } from '../components/ReportDownload';
import { usePagedAnswer, type PageRequest } from '../../../lib/use-paged-answer';
import { MonthStory } from './MonthStory';
import { StatsCards } from './StatsCards';

const urlOf = ({ page }: PageRequest) => customerListUrl(page);

/**
 * /home (SPEC §2.3): the stats, the month's billing story (issue 24), a page of customers with the pager, and the
 * report download. SPEC §8:
 * errors on this screen are not notified; they show on the page (a failed page change in a banner
 * above the table, which keeps the previous page).
 */
export function HomePage() {
  const [problem, setProblem] = useState<string | null>(null);
  const showProblem = useCallback((error: unknown) => setProblem(errorText(error)), []);
  const list = usePagedAnswer<CustomerListData, PageRequest>({
    urlOf,
    initial: { page: 0 },
    onChangeFailed: showProblem,
  });

  return (
    <BusinessPage title="Dashboard">
      <ScreenStateView screen={list.screen} loadingLabel="Loading the dashboard">
        {({ page, stats }) => (
          <>
            <StatsCards stats={stats} />
            <MonthStory />
            <Group justify="space-between" align="center" mb="sm">
              <Title order={2} size="h3">
                Customers
              </Title>
              <ReportDownload onError={showProblem} />
            </Group>
            <ErrorBanner error={problem} onClose={() => setProblem(null)} />
            <CustomersTable
              customers={page.content}
              caption={`Customers, page ${page.number + 1} of ${Math.max(1, page.totalPages)}`}
              busy={list.pending !== null}
            />
            <Pager
              of="customers"
              page={list.shown.page}
              totalPages={page.totalPages}
              onPage={(next) => {
                setProblem(null);
                void list.goTo({ page: next });
              }}
            />
          </>
        )}
      </ScreenStateView>
    </BusinessPage>
  );
}
