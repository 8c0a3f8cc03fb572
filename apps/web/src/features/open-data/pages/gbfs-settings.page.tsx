import { type GbfsSettings, gbfsSettingsEndpoints, gbfsSettingsInput, siteEndpoints } from '@fleetdesk/contracts';
import { Alert, App, Button, Card, Col, Empty, Flex, Form, Input, Row, Spin, Switch, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LngLat } from '../../../map/map-geo.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { isApiError } from '../../../shared/http.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { useLeaveGuard } from '../../../shared/ui/leave-guard.ts';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { useUrlState } from '../../../shared/ui/url-state.ts';
import { PartnerSelect } from '../../sites/components/site-options.tsx';
import { useGbfsSettings, usePartnerSitePositions, useUpdateGbfsSettings } from '../api.ts';
import {
  DEFAULT_OPENING_HOURS,
  type GbfsFormValues,
  placeServerErrors,
  toFormValues,
  toInput,
} from '../components/gbfs-settings.model.ts';
import { StationsField } from '../components/stations-field.tsx';
import { ZonesEditor } from '../components/zones-editor.tsx';
import { gbfsScreen } from '../urls.ts';

/**
 * Settings → Partner → Open data (issue 25): one partner's GBFS publication — the switch, contact, opening
 * hours, rental apps, published stations and geofencing zones drawn on the map — and the public addresses to
 * hand to trip planners. The partner is in the URL; a partner user with one partner gets it picked.
 */
export default function GbfsSettingsPage() {
  const { t } = useTranslation('open-data');
  const [screen, setScreen] = useUrlState(gbfsScreen);
  const partners = usePartnerOptions();
  const partnerId = screen.partnerId;
  const onlyPartner = partners.data?.length === 1 ? partners.data[0]?.id : undefined;

  useEffect(() => {
    if (!partnerId && onlyPartner) setScreen({ partnerId: onlyPartner }, { replace: true });
  }, [partnerId, onlyPartner, setScreen]);

  const settings = useGbfsSettings(partnerId);
  const canReadSites = useCan(requirementOf(siteEndpoints.query));
  const sites = usePartnerSitePositions(partnerId, canReadSites);
  const sitesReady = !canReadSites || !sites.isPending || sites.isError;

  let content: ReactNode;
  if (!partnerId) content = <Empty description={t('pickPartner')} />;
  else if (settings.isError) content = <Alert type="error" showIcon title={t('loadFailed')} />;
  else if (!settings.data || !sitesReady) content = <Spin />;
  else content = <GbfsForm key={partnerId} partnerId={partnerId} settings={settings.data} sites={sites.data ?? []} />;

  return (
    <PageContainer>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong id="open-data-partner">
          {t('field.partner')}
        </Typography.Text>
        <PartnerSelect
          aria-labelledby="open-data-partner"
          value={partnerId}
          onChange={(id: string) => setScreen({ partnerId: id })}
          style={{ minWidth: 260, maxWidth: '100%' }}
        />
      </Flex>
      {content}
    </PageContainer>
  );
}

interface GbfsFormProps {
  partnerId: string;
  settings: GbfsSettings;
  sites: readonly { id: string; position: LngLat }[];
}

function GbfsForm({ partnerId, settings, sites }: GbfsFormProps) {
  const { t } = useTranslation('open-data');
  const { message } = App.useApp();
  const canWrite = useCan(requirementOf(gbfsSettingsEndpoints.update));
  const update = useUpdateGbfsSettings(partnerId);
  const [form] = Form.useForm();
  const [initialValues] = useState(() => toFormValues(settings));
  const [baseline, setBaseline] = useState(() => JSON.stringify(toInput(initialValues)));
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const watched = Form.useWatch((values) => values, { form, preserve: true });
  const dirty = useMemo(
    () => watched !== undefined && JSON.stringify(toInput(watched as GbfsFormValues)) !== baseline,
    [watched, baseline],
  );
  useLeaveGuard(dirty);

  const showErrors = (fields: Record<string, string>, values: GbfsFormValues) => {
    const placed = placeServerErrors(fields, values);
    form.setFields(placed.fields);
    setFormErrors(placed.form);
  };

  const save = async () => {
    const values = form.getFieldsValue(true) as GbfsFormValues;
    // A fixed field must not keep the previous attempt's message.
    form.setFields(
      form
        .getFieldsError()
        .filter((f) => f.errors.length)
        .map((f) => ({ name: f.name, errors: [] })),
    );
    setFormErrors([]);
    const body = toInput(values);
    // The contract's own rules first (a slow zone without a limit): no round trip for what the schema knows.
    const checked = gbfsSettingsInput.safeParse(body);
    if (!checked.success) {
      showErrors(Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.'), i.message])), values);
      return;
    }
    try {
      const saved = await update.mutateAsync(body);
      const next = toFormValues(saved);
      form.setFieldsValue(next);
      setBaseline(JSON.stringify(toInput(next)));
      void message.success(t('saved'));
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : null;
      if (fields) showErrors(fields, values);
    }
  };

  const readOnly = !canWrite;
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      disabled={readOnly}
      onFinish={save}
      aria-label={t('form.label')}
    >
      <Flex vertical gap={16}>
        {readOnly && <Alert type="info" showIcon title={t('readOnly')} />}
        <Card title={t('feed.title')} size="small">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="enabled"
                label={t('field.enabled')}
                valuePropName="checked"
                extra={t('field.enabledHint')}
              >
                <Switch checkedChildren={t('feed.on')} unCheckedChildren={t('feed.off')} />
              </Form.Item>
              <Form.Item
                name="feedContactEmail"
                label={t('field.feedContactEmail')}
                extra={t('field.feedContactEmailHint')}
              >
                <Input type="email" maxLength={200} autoComplete="email" />
              </Form.Item>
              <Form.Item name="openingHours" label={t('field.openingHours')} extra={t('field.openingHoursHint')}>
                <Input maxLength={200} placeholder={DEFAULT_OPENING_HOURS} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <PublicUrls settings={settings} />
            </Col>
          </Row>
        </Card>
        <Card title={t('apps.title')} size="small">
          <Row gutter={16}>
            {(['android', 'ios'] as const).map((store) => (
              <Col xs={24} md={12} key={store}>
                <Typography.Title level={5}>{t(`apps.${store}`)}</Typography.Title>
                <Form.Item name={['rentalApps', store, 'storeUri']} label={t('apps.storeUri')}>
                  <Input maxLength={300} placeholder="https://" />
                </Form.Item>
                <Form.Item name={['rentalApps', store, 'discoveryUri']} label={t('apps.discoveryUri')}>
                  <Input maxLength={300} placeholder={store === 'android' ? 'com.example.app://' : 'example://'} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Card>
        <Card title={t('stations.title')} size="small">
          <Typography.Paragraph type="secondary">{t('stations.hint')}</Typography.Paragraph>
          <StationsField />
        </Card>
        <Card title={t('zones.title')} size="small">
          <ZonesEditor readOnly={readOnly} sites={sites} />
        </Card>
        {formErrors.length > 0 && <Alert type="error" showIcon title={formErrors.join(' ')} />}
        {canWrite && (
          <Flex
            justify="space-between"
            align="center"
            gap={8}
            wrap
            style={{
              position: 'sticky',
              bottom: 0,
              zIndex: 2,
              padding: '12px 0',
              background: 'var(--ant-color-bg-layout, #f5f5f5)',
            }}
          >
            <Typography.Text type="secondary">
              {dirty
                ? t('unsaved')
                : settings.updatedAt
                  ? t('savedAt', { time: formatDateTime(settings.updatedAt) })
                  : t('neverSaved')}
            </Typography.Text>
            <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!dirty && !formErrors.length}>
              {t('save')}
            </Button>
          </Flex>
        )}
      </Flex>
    </Form>
  );
}

/** The addresses consumers are given, copyable; while the saved publication is off they answer 404. */
function PublicUrls({ settings }: { settings: GbfsSettings }) {
  const { t } = useTranslation('open-data');
  return (
    <Flex vertical gap={8}>
      <CopyableUrl label={t('url.discovery')} url={settings.discoveryUrl} testId="gbfs-discovery" />
      <CopyableUrl label={t('url.manifest')} url={settings.manifestUrl} testId="gbfs-manifest" />
      {settings.enabled ? (
        <Alert type="success" showIcon title={t('url.published')} />
      ) : (
        <Alert type="warning" showIcon title={t('url.off')} data-testid="gbfs-off-note" />
      )}
    </Flex>
  );
}

function CopyableUrl({ label, url, testId }: { label: string; url: string; testId: string }) {
  return (
    <div data-testid={testId}>
      <Typography.Text strong>{label}</Typography.Text>
      <Typography.Paragraph copyable={{ text: url }} style={{ marginBottom: 0 }}>
        <Typography.Text code style={{ wordBreak: 'break-all' }}>
          {url}
        </Typography.Text>
      </Typography.Paragraph>
    </div>
  );
}
