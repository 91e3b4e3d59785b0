/** What a person does with a form's field in the tests: type into it, then leave it (its error shows from then). */
import { fireEvent, screen, within } from '@testing-library/react';

/**
 * Types `value` into the field labelled `label` (a pattern, or the label's start), within `region` (the whole
 * screen by default), and leaves it.
 */
export function typeIn(label: RegExp | string, value: string, region?: HTMLElement): void {
  const pattern = typeof label === 'string' ? new RegExp(`^${label}`) : label;
  const input = region ? within(region).getByLabelText(pattern) : screen.getByLabelText(pattern);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}
