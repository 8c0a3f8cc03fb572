import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { type RentingConfig, rentingConfigEndpoints } from '@fleetdesk/contracts';
import { Alert, Button, Card, Flex, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan, useCanChangeAccountWide } from '../../../shared/permissions.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { useRentalConfigRows, useRentingConfig, useSetInvoicing } from '../api.ts';
import { identityCoverage, namesPreview } from '../components/rental-config.model.ts';
import { invoicingUrls } from '../urls.ts';

/**
 * /setting/general/invoicing: whether invoices are issued for the account, as the server says, and the switch
 * for config.write (both directions confirmed: issued invoices are numbered for good, and turning off stops them).
 * Below, with rental_partner_config.read, how many partners have the invoicing identity invoices need.
 */
export default function InvoicingSettingsPage() {
  const { t } = useTranslation('invoicing');
  const config = useRentingConfig();
  const canReadIdentities = useCan(requirementOf(rentingConfigEndpoints.findAll));

  return (
    <PageContainer title={t('settings.title')}>
      <Card title={t('settings.switchTitle')} data-testid="invoicing-switch">
        {config.isPending ? (
          <Flex justify="center" style={{ padding: 32 }}>
            <Spin />
          </Flex>
        ) : config.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('settings.loadFailed')}
            description={config.error.message}
            action={
              <Button size="small" onClick={() => config.refetch()}>
                {t('action.retry')}
              </Button>
            }
          />
        ) : (
          <InvoicingSwitch config={config.data} />
        )}
      </Card>
      {canReadIdentities && <IdentityCoverage enabled={config.data?.invoiceEnabled === true} />}
    </PageContainer>
  );
}

function InvoicingSwitch({ config }: { config: RentingConfig }) {
  const { t } = useTranslation('invoicing');
  const requirement = requirementOf(rentingConfigEndpoints.enableInvoice);
  // The switch reaches every partner's invoices: holding the permission is not enough without scope "*".
  const hasPermission = useCan(requirement);
  const canWrite = useCanChangeAccountWide(requirement);
  const setInvoicing = useSetInvoicing();
  const on = config.invoiceEnabled;
  const since = config.updatedAt ? formatDateTime(config.updatedAt) : null;

  return (
    <Flex vertical gap={12} align="flex-start">
      <Flex gap={8} align="center" wrap>
        <Tag
          color={on ? 'green' : 'default'}
          icon={on ? <CheckCircleFilled /> : <MinusCircleOutlined />}
          data-testid="invoicing-state"
          data-state={on ? 'on' : 'off'}
        >
          {on ? t('settings.on') : t('settings.off')}
        </Tag>
        <Typography.Text type="secondary">
          {since ? t(on ? 'settings.onSince' : 'settings.offSince', { time: since }) : t('settings.neverOn')}
        </Typography.Text>
      </Flex>
      <Typography.Paragraph style={{ margin: 0, maxWidth: 720 }}>
        {on ? t('settings.onExplained') : t('settings.offExplained')}
      </Typography.Paragraph>
      {canWrite ? (
        on ? (
          <ConfirmButton
            mode="modal"
            danger
            title={t('settings.disableConfirm')}
            description={t('settings.disableDescription')}
            okText={t('settings.disable')}
            onConfirm={() => setInvoicing.mutateAsync(false)}
          >
            {t('settings.disable')}
          </ConfirmButton>
        ) : (
          <ConfirmButton
            mode="modal"
            type="primary"
            title={t('settings.enableConfirm')}
            description={t('settings.enableDescription')}
            okText={t('settings.enable')}
            onConfirm={() => setInvoicing.mutateAsync(true)}
          >
            {t('settings.enable')}
          </ConfirmButton>
        )
      ) : (
        <Typography.Text type="secondary" data-testid="invoicing-read-only">
          {t(hasPermission ? 'settings.readOnlyScope' : 'settings.readOnly')}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** Partners without an invoicing identity issue no invoices, even with invoicing on: say so, and where to fix it. */
function IdentityCoverage({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('invoicing');
  const source = useRentalConfigRows();
  const coverage = source.rows && identityCoverage(source.rows);

  return (
    <Card title={t('settings.identitiesTitle')} data-testid="invoicing-identities">
      {source.isPending ? (
        <Spin />
      ) : source.error || !coverage ? (
        <Alert type="error" showIcon title={t('settings.identitiesFailed')} />
      ) : (
        <Flex vertical gap={8} align="flex-start">
          <Typography.Text>
            {t('settings.identitiesCount', { set: coverage.total - coverage.missing.length, total: coverage.total })}
          </Typography.Text>
          {coverage.missing.length > 0 && (
            <Alert
              type={enabled ? 'warning' : 'info'}
              showIcon
              title={t('settings.identitiesMissing', {
                count: coverage.missing.length,
                names: namesPreview(coverage.missing),
              })}
            />
          )}
          <Link to={invoicingUrls.list(coverage.missing.length > 0 ? { status: 'notSet' } : {})}>
            {t('settings.identitiesLink')}
          </Link>
        </Flex>
      )}
    </Card>
  );
}
