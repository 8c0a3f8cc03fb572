import { CheckCircleOutlined, SearchOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Customer } from '@fleetdesk/contracts';
import { Alert, App, Button, Card, Descriptions, Flex, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { lookupReferralCode, useConfirmReferrer } from '../api.ts';
import { customerUrls } from '../urls.ts';
import { checkReferralCode, type ReferralErrorCode, referralProblemOf } from './referral.model.ts';

type Match = Awaited<ReturnType<typeof lookupReferralCode>>;

/** The customer's own referral code, and who referred them, or (until confirmed) the button to record it. */
export function CustomerReferralCard({
  customer,
  canConfirm,
  onConfirmReferrer,
}: {
  customer: Customer;
  canConfirm: boolean;
  onConfirmReferrer: () => void;
}) {
  const { t } = useTranslation('customers');
  const referrer = customer.referrer;
  return (
    <Card
      title={t('referral.title')}
      extra={
        customer.referralConfirmedAt === null &&
        canConfirm && (
          <Button icon={<UserAddOutlined />} onClick={onConfirmReferrer}>
            {t('referral.confirmButton')}
          </Button>
        )
      }
    >
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          {
            key: 'code',
            label: t('referral.ownCode'),
            children: (
              <Typography.Text copyable code data-testid="own-referral-code">
                {customer.referralCode}
              </Typography.Text>
            ),
          },
          {
            key: 'referrer',
            label: t('referral.referrer'),
            children: referrer ? (
              <Space wrap data-testid="referrer">
                <Link to={customerUrls.detail(referrer.id)}>
                  {referrer.name.first} {referrer.name.last}
                </Link>
                <span>{referrer.phoneNo}</span>
                <Typography.Text code>{referrer.referralCode}</Typography.Text>
              </Space>
            ) : (
              // A confirmed referrer the server leaves out is a customer of a partner outside the user's scope.
              <Typography.Text type="secondary">
                {t(customer.referralConfirmedAt === null ? 'referral.none' : 'referral.outsideScope')}
              </Typography.Text>
            ),
          },
          ...(customer.referralConfirmedAt
            ? [
                {
                  key: 'confirmedAt',
                  label: t('referral.confirmedAt'),
                  children: formatDateTime(customer.referralConfirmedAt),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

/**
 * "Confirm referrer": type the code, look it up (a preview of whose it is), then confirm. Once confirmed it cannot
 * be changed (document 2 §4), which the dialog says before the final press.
 */
export function ConfirmReferrerModal({
  customer,
  open,
  onClose,
}: {
  customer: Customer;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const confirm = useConfirmReferrer(customer.id);
  const [code, setCode] = useState('');
  const [match, setMatch] = useState<Match | null>(null);
  const [looking, setLooking] = useState(false);
  const [problem, setProblem] = useState<{ code: ReferralErrorCode } | { message: string } | null>(null);

  const problemText = problem ? ('code' in problem ? t(`referral.error.${problem.code}`) : problem.message) : null;

  const lookUp = async () => {
    setMatch(null);
    setProblem(null);
    const refused = checkReferralCode(code, customer.referralCode);
    if (refused) {
      setProblem({ code: refused });
      return;
    }
    setLooking(true);
    try {
      setMatch(await lookupReferralCode(code.trim()));
    } catch (error) {
      setProblem(referralProblemOf(error));
    } finally {
      setLooking(false);
    }
  };

  const submit = async () => {
    if (!match) return;
    setProblem(null);
    try {
      await confirm.mutateAsync(match.referralCode);
      void message.success(t('referral.done', { name: `${match.name.first} ${match.name.last}` }));
      onClose();
    } catch (error) {
      setProblem(referralProblemOf(error));
    }
  };

  return (
    <Modal
      open={open}
      title={t('referral.modalTitle')}
      onCancel={onClose}
      destroyOnHidden
      okText={t('referral.confirmOk')}
      cancelText={t('action.cancel')}
      okButtonProps={{ disabled: !match, loading: confirm.isPending, icon: <CheckCircleOutlined /> }}
      onOk={submit}
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('referral.modalHint')}
        </Typography.Paragraph>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            value={code}
            maxLength={12}
            placeholder="AB12CD"
            aria-label={t('referral.codeLabel')}
            onChange={(event) => {
              setCode(event.target.value);
              setMatch(null);
              setProblem(null);
            }}
            onPressEnter={() => void lookUp()}
            style={{ fontFamily: 'monospace' }}
          />
          <Button icon={<SearchOutlined />} loading={looking} onClick={() => void lookUp()}>
            {t('referral.lookUp')}
          </Button>
        </Space.Compact>
        {problemText && <Alert type="error" showIcon title={problemText} data-testid="referral-problem" />}
        {match && (
          <Card size="small" data-testid="referral-match">
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'name', label: t('field.name'), children: `${match.name.first} ${match.name.last}` },
                { key: 'phone', label: t('field.phoneNo'), children: match.phoneNo },
                {
                  key: 'code',
                  label: t('field.referralCode'),
                  children: <Typography.Text code>{match.referralCode}</Typography.Text>,
                },
                {
                  key: 'partners',
                  label: t('field.memberships'),
                  children: match.memberships.map((m) => <Tag key={m.partner.id}>{m.partner.name}</Tag>),
                },
              ]}
            />
            <Typography.Text type="warning">{t('referral.final')}</Typography.Text>
          </Card>
        )}
      </Flex>
    </Modal>
  );
}
