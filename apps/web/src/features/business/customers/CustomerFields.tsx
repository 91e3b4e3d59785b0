import { NativeSelect, TextInput } from '@mantine/core';
import { CUSTOMER_STATUSES, CUSTOMER_TYPES } from '@app/contracts';
import type { CustomerValues } from '../form-schemas';

type FieldProps = {
  name: string;
  value: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
  onBlur: () => void;
  error: string | undefined;
};

type Props = {
  field: (name: keyof CustomerValues) => FieldProps;
  disabled?: boolean;
  /** The order of SPEC §2.3: the new-customer form and the profile form list the fields differently. */
  order: readonly (keyof CustomerValues)[];
};

const LABELS: Record<keyof CustomerValues, string> = {
  name: 'Name',
  email: 'Email',
  address: 'Address',
  phone: 'Phone',
  type: 'Type',
  status: 'Status',
  imageUrl: 'Image URL',
};

/** The customer fields, shared by /customers/new and the profile form of /customers/{id}. */
export function CustomerFields({ field, disabled = false, order }: Props) {
  return (
    <>
      {order.map((name) => {
        const props = { ...field(name), label: LABELS[name], disabled, required: true };
        switch (name) {
          case 'type':
            return <NativeSelect key={name} {...props} data={[...CUSTOMER_TYPES]} />;
          case 'status':
            return <NativeSelect key={name} {...props} data={[...CUSTOMER_STATUSES]} />;
          case 'email':
            return <TextInput key={name} {...props} type="email" autoComplete="off" />;
          case 'phone':
            return <TextInput key={name} {...props} type="tel" autoComplete="off" />;
          case 'imageUrl':
            return <TextInput key={name} {...props} type="url" autoComplete="off" />;
          default:
            return <TextInput key={name} {...props} autoComplete="off" />;
        }
      })}
    </>
  );
}
