import { useState } from 'react';
import { Alert, Button, FileButton, List, Text } from '@mantine/core';
import { CUSTOMER_IMPORT_COLUMNS, type ImportAnswer } from '@app/contracts';
import { notifyFailure } from '../../../lib/error-notice';
import { notify } from '../../../lib/notify';
import { importCustomers } from '../business-api';

/**
 * Customers from a CSV file (issue 24): chosen, read as text and sent whole; the answer says how many were
 * imported, or, when any row is refused, that none was and why each refused line was (shown here, to be put right
 * in the file). For whom may create customers.
 */
export function CustomerImport() {
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);

  const send = async (file: File | null) => {
    if (!file || busy) return;
    setBusy(true);
    setAnswer(null);
    try {
      const sent = await importCustomers(await file.text());
      setAnswer(sent);
      if (sent.data?.report.refused.length === 0) notify('success', sent.message);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const refused = answer?.data?.report.refused ?? [];
  return (
    <div>
      <FileButton onChange={(file) => void send(file)} accept=".csv,text/csv">
        {(props) => (
          <Button {...props} variant="default" loading={busy} aria-describedby="customer-import-columns">
            Import CSV
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed" mt={4} id="customer-import-columns" maw={320}>
        Columns: {CUSTOMER_IMPORT_COLUMNS.join(', ')}
      </Text>
      {refused.length > 0 && (
        <Alert color="red" variant="light" role="alert" mt="sm" title={answer?.message}>
          <List size="sm">
            {refused.map((row) => (
              <List.Item key={row.line}>
                Line {row.line}: {row.problems.join('; ')}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </div>
  );
}
