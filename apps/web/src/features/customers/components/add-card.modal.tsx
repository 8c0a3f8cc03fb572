import { CreditCardOutlined, LockOutlined } from '@ant-design/icons';
import type { Customer } from '@fleetdesk/contracts';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { Alert, App, Button, Flex, Form, Input, Modal, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { startCardSetup, tokenizeLocalCard, useAttachCard, useCounterSetup } from '../api.ts';
import { type CardFormValues, cardFieldOf, formatCardNumber, formatExpiry, toLocalCard } from './card-form.model.ts';

/**
 * "Add card" (Stripe's dashboard): staff type the customer's card into the payment provider's form. With Stripe it
 * is Stripe Elements (loaded only then) confirming a SetupIntent; otherwise the local provider's form, whose number
 * goes only to the provider's tokenize call. The payment method it makes is then attached to the customer.
 */
export function AddCardModal({
  customer,
  open,
  onClose,
  onAdded,
}: {
  customer: Customer;
  open: boolean;
  onClose: () => void;
  onAdded?: (customer: Customer) => void;
}) {
  const { t } = useTranslation('customers');
  const setup = useCounterSetup();
  const name = `${customer.name.first} ${customer.name.last}`;
  const payments = setup.data?.payments;
  return (
    <Modal
      open={open}
      title={t('card.title', { name })}
      onCancel={onClose}
      destroyOnHidden
      footer={null}
      data-testid="add-card"
    >
      {!payments ? (
        <Spin />
      ) : payments.provider === 'stripe' && payments.publishableKey ? (
        <StripeCardForm
          customer={customer}
          publishableKey={payments.publishableKey}
          onClose={onClose}
          onAdded={onAdded}
        />
      ) : payments.provider === 'stripe' ? (
        <Alert type="warning" showIcon title={t('card.stripeKeyMissing')} />
      ) : (
        <LocalCardForm customer={customer} onClose={onClose} onAdded={onAdded} />
      )}
    </Modal>
  );
}

interface FormProps {
  customer: Customer;
  onClose: () => void;
  onAdded?: ((customer: Customer) => void) | undefined;
}

/** Attaches the provider's payment method and says so; a decline is answered in the provider's words. */
function useAttach({ customer, onClose, onAdded }: FormProps) {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const attach = useAttachCard(customer.id);
  return {
    isPending: attach.isPending,
    async run(paymentMethodId: string) {
      const updated = await attach.mutateAsync(paymentMethodId);
      void message.success(t('card.added'));
      onAdded?.(updated);
      onClose();
    },
  };
}

/** Why the provider refused, in the user's language when the console knows the provider's words. */
function refusalText(error: unknown, fallback: string): string | null {
  if (!isApiError(error)) return fallback;
  if (error.status === 0 || error.status >= 500) return null;
  return translateValidationMessage(error.message);
}

function LocalCardForm(props: FormProps) {
  const { t } = useTranslation('customers');
  const [form] = Form.useForm<CardFormValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const attach = useAttach(props);

  const submit = async (values: CardFormValues) => {
    setProblem(null);
    setTokenizing(true);
    try {
      const method = await tokenizeLocalCard(toLocalCard(values));
      await attach.run(method.id);
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : null;
      if (fields) {
        form.setFields(
          Object.entries(fields).flatMap(([field, text]) => {
            const name = cardFieldOf(field);
            return name ? [{ name, errors: [translateValidationMessage(text)] }] : [];
          }),
        );
      } else setProblem(refusalText(error, t('card.failed')));
    } finally {
      setTokenizing(false);
    }
  };

  return (
    <Form form={form} layout="vertical" name="add-card" onFinish={(v) => void submit(v)} requiredMark={false}>
      <Typography.Paragraph type="secondary">{t('card.hint')}</Typography.Paragraph>
      {problem && (
        <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} data-testid="card-refused" />
      )}
      <Form.Item
        name="number"
        label={t('card.number')}
        normalize={formatCardNumber}
        rules={[{ required: true, message: t('card.numberRequired') }]}
      >
        <Input
          prefix={<CreditCardOutlined />}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          autoFocus
        />
      </Form.Item>
      <Flex gap={12}>
        <Form.Item
          name="expiry"
          label={t('card.expiry')}
          normalize={formatExpiry}
          rules={[{ required: true, message: t('card.expiryRequired') }]}
          style={{ flex: 1 }}
        >
          <Input inputMode="numeric" autoComplete="cc-exp" placeholder={t('card.expiryPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="cvc"
          label={t('card.cvc')}
          rules={[{ required: true, message: t('card.cvcRequired') }]}
          style={{ flex: 1 }}
        >
          <Input inputMode="numeric" autoComplete="cc-csc" maxLength={4} placeholder="CVC" />
        </Form.Item>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        <LockOutlined /> {t('card.localProvider')}
      </Typography.Paragraph>
      <Flex gap={8} justify="end">
        <Button onClick={props.onClose}>{t('action.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={tokenizing || attach.isPending}>
          {t('card.save')}
        </Button>
      </Flex>
    </Form>
  );
}

/** Stripe Elements' card field; Stripe.js is fetched from Stripe only when this form opens (PAYMENT_PROVIDER=stripe). */
function StripeCardForm(props: FormProps & { publishableKey: string }) {
  const { t } = useTranslation('customers');
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ client: Stripe; card: StripeCardElement } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const attach = useAttach(props);

  useEffect(() => {
    let card: StripeCardElement | undefined;
    let cancelled = false;
    void import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(props.publishableKey))
      .then((client) => {
        if (cancelled || !client || !mountRef.current) return;
        card = client.elements().create('card', { hidePostalCode: true });
        card.mount(mountRef.current);
        setStripe({ client, card });
      })
      .catch(() => setProblem(t('card.stripeUnavailable')));
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [props.publishableKey, t]);

  const save = async () => {
    if (!stripe) return;
    setProblem(null);
    setSaving(true);
    try {
      const { clientSecret } = await startCardSetup(props.customer.id);
      if (!clientSecret) throw new Error('No SetupIntent');
      const result = await stripe.client.confirmCardSetup(clientSecret, { payment_method: { card: stripe.card } });
      if (result.error) {
        setProblem(result.error.message ?? t('card.failed'));
        return;
      }
      const method = result.setupIntent.payment_method;
      await attach.run(typeof method === 'string' ? method : (method?.id ?? ''));
    } catch (error) {
      setProblem(refusalText(error, t('card.failed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('card.hint')}</Typography.Text>
      {problem && <Alert type="error" showIcon title={problem} data-testid="card-refused" />}
      <div ref={mountRef} style={{ padding: '10px 12px', border: '1px solid #d9d9d9', borderRadius: 6 }} />
      {!stripe && !problem && <Spin />}
      <Flex gap={8} justify="end">
        <Button onClick={props.onClose}>{t('action.cancel')}</Button>
        <Button type="primary" disabled={!stripe} loading={saving || attach.isPending} onClick={() => void save()}>
          {t('card.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
