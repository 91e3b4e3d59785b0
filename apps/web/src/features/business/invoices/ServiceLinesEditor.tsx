import { ActionIcon, Button, TextInput, VisuallyHidden } from '@mantine/core';
import { lineProblem, type ServiceLineDraft } from '../invoice-services';
import classes from '../../../components/business.module.css';

export const EMPTY_LINE: ServiceLineDraft = { description: '', rate: '' };

type Props = {
  lines: ServiceLineDraft[];
  onChange: (lines: ServiceLineDraft[]) => void;
  disabled?: boolean;
};

/**
 * Service lines (description, rate) that write the invoice's services text "1 Web Design 200,2 SEO Work
 * 100" for the user, numbered in order. A line's problems show once something was typed in it.
 */
export function ServiceLinesEditor({ lines, onChange, disabled = false }: Props) {
  const change = (index: number, patch: Partial<ServiceLineDraft>) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const remove = (index: number) => {
    const rest = lines.filter((_, i) => i !== index);
    onChange(rest.length > 0 ? rest : [EMPTY_LINE]);
  };

  return (
    <div>
      <table className={classes.lines}>
        <caption className={classes.linesCaption}>Service lines</caption>
        <thead>
          <tr>
            <th scope="col" style={{ width: '2rem' }}>
              #
            </th>
            <th scope="col">Description</th>
            <th scope="col" style={{ width: '7rem' }}>
              Rate ($)
            </th>
            <th scope="col" style={{ width: '3rem' }}>
              <VisuallyHidden>Remove</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const typed = line.description.trim() !== '' || line.rate.trim() !== '';
            const problem = typed ? lineProblem(line) : undefined;
            const n = index + 1;
            return (
              <tr key={index}>
                <td style={{ paddingTop: '0.6rem' }}>{n}</td>
                <td>
                  <TextInput
                    aria-label={`Description of line ${n}`}
                    value={line.description}
                    onChange={(event) => change(index, { description: event.currentTarget.value })}
                    error={problem?.description}
                    disabled={disabled}
                    autoComplete="off"
                  />
                </td>
                <td>
                  <TextInput
                    aria-label={`Rate of line ${n}`}
                    value={line.rate}
                    onChange={(event) => change(index, { rate: event.currentTarget.value })}
                    error={problem?.rate}
                    disabled={disabled}
                    inputMode="decimal"
                    autoComplete="off"
                  />
                </td>
                <td>
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
        disabled={disabled}
      >
        Add line
      </Button>
    </div>
  );
}
