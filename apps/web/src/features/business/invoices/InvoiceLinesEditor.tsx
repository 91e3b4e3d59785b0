import { ActionIcon, Button, TextInput, VisuallyHidden } from '@mantine/core';
import { formatMoney, INVOICE_LINES_MAX } from '@app/contracts';
import { draftAmount, EMPTY_LINE, isTouched, readLine, type LineDraft } from '../invoice-line-drafts';
import classes from '../../../components/business.module.css';

type Props = {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  disabled?: boolean;
};

/**
 * The invoice's services as lines (description, quantity, unit price), numbered in order, each with its amount
 * once it can be read. A line's problems show once something was typed in it. On a phone each line is a small
 * card (business.module.css), its fields named above them.
 */
export function InvoiceLinesEditor({ lines, onChange, disabled = false }: Props) {
  const change = (index: number, patch: Partial<LineDraft>) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const remove = (index: number) => {
    const rest = lines.filter((_, i) => i !== index);
    onChange(rest.length > 0 ? rest : [EMPTY_LINE]);
  };

  return (
    <div>
      <table className={classes.lines}>
        <caption className={classes.linesCaption}>Services</caption>
        <thead>
          <tr>
            <th scope="col" className={classes.lineNumber}>
              #
            </th>
            <th scope="col">Description</th>
            <th scope="col" className={classes.lineQuantity}>
              Qty
            </th>
            <th scope="col" className={classes.linePrice}>
              Unit price ($)
            </th>
            <th scope="col" className={classes.lineAmount}>
              Amount
            </th>
            <th scope="col" className={classes.lineRemove}>
              <VisuallyHidden>Remove</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const read = readLine(line);
            const problems = isTouched(line) && 'problems' in read ? read.problems : {};
            const amount = draftAmount(line);
            const n = index + 1;
            return (
              <tr key={index}>
                <td className={classes.lineNumber}>{n}</td>
                <td className={classes.lineDescription}>
                  <TextInput
                    aria-label={`Description of line ${n}`}
                    value={line.description}
                    onChange={(event) => change(index, { description: event.currentTarget.value })}
                    error={problems.description}
                    disabled={disabled}
                    autoComplete="off"
                  />
                </td>
                <td className={classes.lineQuantity}>
                  <span className={classes.lineLabel} aria-hidden="true">
                    Qty
                  </span>
                  <TextInput
                    aria-label={`Quantity of line ${n}`}
                    value={line.quantity}
                    onChange={(event) => change(index, { quantity: event.currentTarget.value })}
                    error={problems.quantity}
                    disabled={disabled}
                    inputMode="decimal"
                    autoComplete="off"
                  />
                </td>
                <td className={classes.linePrice}>
                  <span className={classes.lineLabel} aria-hidden="true">
                    Unit price ($)
                  </span>
                  <TextInput
                    aria-label={`Unit price of line ${n}`}
                    value={line.unitPrice}
                    onChange={(event) => change(index, { unitPrice: event.currentTarget.value })}
                    error={problems.unitPrice}
                    disabled={disabled}
                    inputMode="decimal"
                    autoComplete="off"
                  />
                </td>
                <td className={classes.lineAmount}>{amount === undefined ? '—' : formatMoney(amount)}</td>
                <td className={classes.lineRemove}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size={36}
                    onClick={() => remove(index)}
                    disabled={disabled}
                    aria-label={`Remove line ${n}`}
                  >
                    <span aria-hidden="true">×</span>
                  </ActionIcon>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Button
        variant="default"
        size="xs"
        mt="xs"
        onClick={() => onChange([...lines, EMPTY_LINE])}
        disabled={disabled || lines.length >= INVOICE_LINES_MAX}
      >
        Add line
      </Button>
    </div>
  );
}
