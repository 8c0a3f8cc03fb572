import type { Customer } from '@fleetdesk/contracts';
import { ResetPasswordButton } from '../../../shared/ui/reset-password.button.tsx';
import { useResetCustomerPassword } from '../api.ts';

/** A customer's password reset; the server also mails the one-time password when an e-mail is known. */
export function CustomerResetPasswordButton({ customer }: { customer: Customer }) {
  const reset = useResetCustomerPassword(customer.id);
  return (
    <ResetPasswordButton
      mode="modal"
      ns="customers"
      name={`${customer.name.first} ${customer.name.last}`}
      email={customer.email}
      reset={() => reset.mutateAsync()}
    />
  );
}
