import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import type { InvoiceExportFormat } from '@app/contracts';
import { notifyFailure } from '../../../lib/error-notice';
import { notify } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { downloadInvoices, type InvoiceFilters } from './invoice-list-request';

const FORMATS: { format: InvoiceExportFormat; label: string }[] = [
  { format: 'csv', label: 'Export CSV' },
  { format: 'xlsx', label: 'Export Excel' },
];

/** Every invoice the list's filters find, saved as a CSV or an Excel file (shown to whom may export them). */
export function InvoiceExport({ filters }: { filters: InvoiceFilters }) {
  const [busy, setBusy] = useState<InvoiceExportFormat | null>(null);

  const download = async (format: InvoiceExportFormat) => {
    if (busy) return;
    setBusy(format);
    try {
      const { blob, fileName } = await downloadInvoices(filters, format);
      notify('default', 'Downloading file...');
      saveFile(blob, fileName ?? `invoices.${format}`);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Group gap="sm" justify="flex-end" mb="sm">
      {FORMATS.map(({ format, label }) => (
        <Button
          key={format}
          variant="default"
          onClick={() => void download(format)}
          // Not disabled: the button keeps the keyboard focus while the file arrives.
          aria-disabled={busy !== null}
          loading={busy === format}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
