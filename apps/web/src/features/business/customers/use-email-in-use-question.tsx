import { useConfirmation } from '../../../components/use-confirmation';
import { customersWithEmail } from '../business-api';

/**
 * Before a customer is saved with an e-mail another customer already uses (often the same customer typed twice),
 * the customer forms ask. `mayGoOn` resolves true when nobody else uses it or the user confirms; render `dialog`.
 */
export function useEmailInUseQuestion() {
  const { ask, dialog } = useConfirmation();

  const mayGoOn = async (email: string, customerId?: number) => {
    const answer = await customersWithEmail(email);
    const others = (answer.data?.customers ?? []).filter((customer) => customer.id !== customerId);
    if (others.length === 0) return true;
    const names = others.map((customer) => customer.name).join(', ');
    return ask({
      title: 'E-mail already used',
      message: `${names} already ${others.length === 1 ? 'uses' : 'use'} ${email}. Save this customer with the same e-mail?`,
      confirmLabel: 'Save with this e-mail',
      cancelLabel: 'Change the e-mail',
    });
  };
  return { mayGoOn, dialog };
}
