import path from 'node:path';
import multipart from '@fastify/multipart';
import { NUL_CHARACTER_MESSAGE, systemEndpoints } from '@fleetdesk/contracts';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { localMail, localSms } from './adapters/messaging.ts';
import { localPaymentProvider, localWebhookSecret } from './adapters/payments.ts';
import { localCards } from './adapters/payments-cards.ts';
import { localStorage } from './adapters/storage.ts';
import { stripeCardProvider, stripePaymentProvider } from './adapters/stripe-payments.ts';
import type { Config } from './config.ts';
import { type Database, ping } from './db/client.ts';
import { createClusterSignals } from './db/cluster-signals.ts';
import { MdsParamError, validationError } from './errors.ts';
import { deviceCredentials } from './iot/credentials.ts';
import { createLiveFleet, type LiveFleet } from './iot/live-fleet.ts';
import { createJobRunner, type JobRunner } from './jobs/queue.ts';
import { LOG_REDACT_PATHS, serializeError, serializeRequest } from './lib/log-redaction.ts';
import { nulRefusal } from './lib/nul-guard.ts';
import { route } from './lib/route.ts';
import { loadSecretsKey, secretBoxFor } from './lib/secret-box.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { createAccountService } from './modules/account/account.service.ts';
import { createAccessRequestService } from './modules/account-access/access-requests.service.ts';
import { accountAccessRoutes } from './modules/account-access/account-access.routes.ts';
import { createPasswordResetService } from './modules/account-access/password-resets.service.ts';
import { alarmRoutes } from './modules/alarms/alarms.routes.ts';
import { assetBatchRoutes } from './modules/asset-batch/asset-batch.routes.ts';
import { assetMapRoutes } from './modules/asset-map/asset-map.routes.ts';
import { assetQueryRoutes } from './modules/asset-query/asset-query.routes.ts';
import { createAssetQueryService } from './modules/asset-query/asset-query.service.ts';
import { assetRoutes } from './modules/assets/assets.routes.ts';
import { createAssetService } from './modules/assets/assets.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { type Billing, createBilling } from './modules/billing/billing.ts';
import { bindingRoutes } from './modules/binding/binding.routes.ts';
import { createContactChangeService } from './modules/binding/contact-changes.service.ts';
import { createOidcService } from './modules/binding/oidc.service.ts';
import { categoryRoutes } from './modules/categories/categories.routes.ts';
import { createCategoryService } from './modules/categories/categories.service.ts';
import { checklistRecordRoutes } from './modules/checklist-records/checklist-records.routes.ts';
import { createChecklistRecordService } from './modules/checklist-records/checklist-records.service.ts';
import { checklistRoutes, workItemRoutes } from './modules/checklists/checklists.routes.ts';
import { createChecklistService } from './modules/checklists/checklists.service.ts';
import { createWorkItemService } from './modules/checklists/work-items.service.ts';
import { customerTicketListRoutes } from './modules/customer-tickets/customer-ticket-lists.routes.ts';
import { createCustomerTicketListService } from './modules/customer-tickets/customer-ticket-lists.service.ts';
import { customerTicketRoutes } from './modules/customer-tickets/customer-tickets.routes.ts';
import { createCustomerTicketService } from './modules/customer-tickets/customer-tickets.service.ts';
import { customerRoutes } from './modules/customers/customers.routes.ts';
import { createCustomerService } from './modules/customers/customers.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { depositRoutes } from './modules/deposits/deposits.routes.ts';
import { createDepositService } from './modules/deposits/deposits.service.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { createDocumentService } from './modules/documents/documents.service.ts';
import { invoicingRoutes } from './modules/invoicing/invoicing.routes.ts';
import { createInvoiceService } from './modules/invoicing/invoicing.service.ts';
import { iotRoutes } from './modules/iot/iot.routes.ts';
import { agencyClientRoutes } from './modules/mds/agency-clients.routes.ts';
import { createAgencyClientService } from './modules/mds/agency-clients.service.ts';
import { agencyGuard } from './modules/mds/agency-guard.ts';
import { mdsProviderRoutes } from './modules/mds/mds.routes.ts';
import { createMdsService } from './modules/mds/mds.service.ts';
import { createNotificationDigest, type NotificationDigest } from './modules/notifications/digest.ts';
import { mailJobHandlers } from './modules/notifications/mail.jobs.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationService } from './modules/notifications/notifications.service.ts';
import { createAddressLimiter } from './modules/open-data/address-limiter.ts';
import { gbfsRoutes } from './modules/open-data/gbfs.routes.ts';
import { createGbfsFeeds } from './modules/open-data/gbfs.service.ts';
import { createGbfsSettingsService } from './modules/open-data/gbfs-settings.service.ts';
import { operationRoutes } from './modules/operations/operations.routes.ts';
import { createOperationService } from './modules/operations/operations.service.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { createOrderService, type OrderService } from './modules/orders/orders.service.ts';
import { partnerOperationRoutes } from './modules/partner-operations/partner-operations.routes.ts';
import { createPartnerOperationService } from './modules/partner-operations/partner-operations.service.ts';
import { partnerRoutes } from './modules/partners/partners.routes.ts';
import { createPartnerService } from './modules/partners/partners.service.ts';
import { paymentMethodRoutes } from './modules/payment-methods/payment-methods.routes.ts';
import { createPaymentMethodService } from './modules/payment-methods/payment-methods.service.ts';
import { paymentRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentService, type PaymentService } from './modules/payments/payments.service.ts';
import { pricingRoutes } from './modules/pricing/pricing.routes.ts';
import { createPricingService } from './modules/pricing/pricing.service.ts';
import { privateListRoutes } from './modules/private-lists/private-lists.routes.ts';
import { createPrivateListService } from './modules/private-lists/private-lists.service.ts';
import { relocationListRoutes } from './modules/relocation-lists/relocation-lists.routes.ts';
import { reminderLogRoutes } from './modules/reminders/asset-timer-logs.routes.ts';
import { reminderConfigRoutes, reminderConfigServices } from './modules/reminders/reminder-config.routes.ts';
import { registerReminderJobs } from './modules/reminders/reminders.jobs.ts';
import { rentingRoutes } from './modules/renting/renting.routes.ts';
import { createRentingService } from './modules/renting/renting.service.ts';
import { rentingIntentRoutes } from './modules/renting-intents/renting-intents.routes.ts';
import { createRentingIntentService } from './modules/renting-intents/renting-intents.service.ts';
import { roleRoutes } from './modules/roles/roles.routes.ts';
import { createRoleService } from './modules/roles/roles.service.ts';
import { settingsConfigRoutes } from './modules/settings/settings-config.routes.ts';
import { createSettingsConfigService } from './modules/settings/settings-config.service.ts';
import { textSuggestionRoutes } from './modules/settings/text-suggestions.routes.ts';
import { createTextSuggestionService } from './modules/settings/text-suggestions.service.ts';
import { siteRoutes } from './modules/sites/sites.routes.ts';
import { createSiteService } from './modules/sites/sites.service.ts';
import { createSubscriptionBilling, type SubscriptionBilling } from './modules/subscriptions/billing.ts';
import { subscriptionOrderRoutes } from './modules/subscriptions/orders.routes.ts';
import { createSubscriptionOrderService } from './modules/subscriptions/orders.service.ts';
import { subscriptionPackageRoutes } from './modules/subscriptions/packages.routes.ts';
import { createSubscriptionPackageService } from './modules/subscriptions/packages.service.ts';
import { subscriptionTicketRoutes } from './modules/subscriptions/tickets.routes.ts';
import { createSubscriptionTicketService } from './modules/subscriptions/tickets.service.ts';
import { taxRoutes } from './modules/tax/tax.routes.ts';
import { createTaxService } from './modules/tax/tax.service.ts';
import { tripRoutes } from './modules/trips/trips.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { createUserService } from './modules/users/users.service.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerConsole } from './plugins/console.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerFiles } from './plugins/files.ts';
import { registerLoadShedding } from './plugins/load-shedding.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';

export interface RouteEntry {
  method: string;
  url: string;
  requires: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    /** Broker, gateway, ingest and command dispatch: main.ts starts it once the server listens. */
    liveFleet: LiveFleet;
    /** The payment ledger and its background jobs (reconcile, local webhooks): main.ts starts the jobs. */
    payments: { service: PaymentService; jobs: JobRunner };
    /** Renting orders, the checkout job and recurring billing (its own lane: a round may be long): main.ts starts them. */
    renting: { orders: OrderService; billing: Billing; jobs: JobRunner; billingJobs: JobRunner };
    /** The daily notification digest (a recurring job): main.ts enqueues `digest.initial` and starts the jobs. */
    notifications: { digest: NotificationDigest; jobs: JobRunner };
    /** Subscription billing (periods, trades, charges) in its own lane: main.ts enqueues `initial` and starts it. */
    subscriptions: { billing: SubscriptionBilling; jobs: JobRunner };
  }
}

/** Request bodies above this are refused with 413 before they are parsed. */
export const BODY_LIMIT = 1024 * 1024;

/** Builds the whole server on an open database: what main.ts listens with and what tests inject into. */
export async function buildApp(
  config: Config,
  database: Database,
  /** Tests read the log through their own stream. */
  opts: { logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: LOG_REDACT_PATHS,
      serializers: { req: serializeRequest, err: serializeError },
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    // Clients see `{code,message,data}` only; Fastify's own error formatting is replaced in errors.ts.
    return503OnClosing: true,
    // The router's own refusals (a path parameter over maxParamLength, a malformed URL) in the one error shape,
    // without echoing the path back.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .code(tooLong ? 414 : 400)
        .type('application/json')
        .send({
          code: tooLong ? 'UriTooLong' : 'BadRequest',
          message: tooLong ? 'A part of the address is too long' : 'The address is malformed',
          data: null,
        });
    },
  });
  // Every route with its declared requirement, so a test can prove none ships without one.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    // Read lazily: this root hook runs before the hooks of child plugins (the /api one marks the docs
    // routes public), so the requirement is only final once every onRoute hook has run.
    for (const method of methods) {
      routeTable.push({
        method,
        url: r.url,
        get requires() {
          return r.config?.requires;
        },
      });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Before every route: helmet's per-route options are read as routes are added.
  registerSecurityHeaders(app, config);
  // The first hook of every request after the headers: a refusal must cost almost nothing.
  registerLoadShedding(app, {
    maxConcurrent: config.maxConcurrentRequests,
    maxEventLoopDelayMs: config.maxEventLoopDelayMs,
  });
  // Before any schema: a NUL in any string of any route is a 400 naming the field, never a failed query.
  // A callback hook, not async: every request passes here, and an async hook costs a promise each time.
  app.addHook('preValidation', (request, _reply, done) => {
    const fields = nulRefusal(request);
    if (!fields) return done();
    if (request.routeOptions.config.requires === 'agency') {
      return done(
        new MdsParamError(
          'bad_param',
          Object.keys(fields).map((f) => `${f}: ${NUL_CHARACTER_MESSAGE}`),
        ),
      );
    }
    done(validationError(fields));
  });

  const { db } = database;
  const sms = localSms(db, app.log);
  const mail = localMail(db, app.log, path.join(config.dataDir, 'mail'));
  const storage = localStorage(path.join(config.dataDir, 'files'));
  const auth = createAuthService({ db, sms });
  const agencyClients = createAgencyClientService({ db });
  const secrets = secretBoxFor(config);
  const liveFleet = createLiveFleet({
    db,
    config,
    log: app.log,
    sms,
    credentials: deviceCredentials(loadSecretsKey({ secretsKey: config.secretsKey, dataDir: config.dataDir })),
  });
  app.decorate('liveFleet', liveFleet);
  app.addHook('onClose', () => liveFleet.stop());
  const signals = createClusterSignals({ database, log: app.log });
  signals.on('device-binding', (deviceNo) => liveFleet.ingest.forget(deviceNo ?? undefined));
  await signals.start();
  app.addHook('onClose', () => signals.stop());

  const webhookSecret = localWebhookSecret(loadSecretsKey({ secretsKey: config.secretsKey, dataDir: config.dataDir }));
  const stripe = config.payments.provider === 'stripe' ? config.payments : undefined;
  const paymentService = createPaymentService({
    db,
    provider: stripe ? stripePaymentProvider(stripe) : localPaymentProvider({ db, webhookSecret }),
    log: app.log,
    ...(stripe ? {} : { localWebhookSecret: webhookSecret }),
  });
  const localCardTaker = localCards(db);
  const paymentJobs = createJobRunner({ db, log: app.log, handlers: paymentService.jobHandlers(), pollMs: 1000 });
  app.decorate('payments', { service: paymentService, jobs: paymentJobs });
  app.addHook('onClose', () => paymentJobs.stop());

  const renting = createRentingService({ db });
  const orderService = createOrderService({
    db,
    renting,
    payments: paymentService,
    control: liveFleet.control,
    log: app.log,
  });
  const rentingJobs = createJobRunner({ db, log: app.log, handlers: orderService.jobHandlers(), pollMs: 250 });
  const billing = createBilling({ db, payments: paymentService });
  const billingJobs = createJobRunner({ db, log: app.log, handlers: billing.handlers, pollMs: 5000 });
  app.decorate('renting', { orders: orderService, billing, jobs: rentingJobs, billingJobs });
  app.addHook('onClose', () => Promise.all([rentingJobs.stop(), billingJobs.stop()]).then(() => undefined));
  registerReminderJobs(app, { db, everyMs: config.reminders.evaluateMs });
  const subscriptionBilling = createSubscriptionBilling({
    db,
    payments: paymentService,
    usageLagMs: config.subscriptions.usageLagMs,
    everyMs: config.subscriptions.billingMs,
  });
  const subscriptionJobs = createJobRunner({ db, log: app.log, handlers: subscriptionBilling.handlers, pollMs: 2_000 });
  app.decorate('subscriptions', { billing: subscriptionBilling, jobs: subscriptionJobs });
  app.addHook('onClose', () => subscriptionJobs.stop());
  const digest = createNotificationDigest({ db });
  // The digest runs once a day; the e-mails of events leave within a couple of seconds of their commit.
  const notificationJobs = createJobRunner({
    db,
    log: app.log,
    handlers: { ...digest.handlers, ...mailJobHandlers({ mail, consoleUrl: config.consoleUrl }) },
    pollMs: 2_000,
  });
  app.decorate('notifications', { digest, jobs: notificationJobs });
  app.addHook('onClose', () => notificationJobs.stop());

  await app.register(
    async (api) => {
      // swagger-ui registers its own routes; they are public documentation and say so here.
      api.addHook('onRoute', (r) => {
        if (r.url?.startsWith('/api/docs')) r.config = { ...r.config, requires: 'public' };
      });
      await registerOpenApi(api, config.version);
      await api.register(multipart, { limits: { fileSize: BODY_LIMIT * 5, files: 1, fields: 5 } });
      registerAuth(api, auth, agencyGuard(agencyClients));
      api.get('/openapi.json', { config: { requires: 'public' }, schema: { hide: true } }, async () => api.swagger());
      route(api, systemEndpoints.health, async () => {
        await ping(db);
        return { status: 'ok' as const, db: database.kind, version: config.version };
      });
      registerFiles(api, storage);
      authRoutes(api, auth);
      bindingRoutes(api, {
        oidc: createOidcService({
          db,
          oidc: config.oidc,
          basePath: config.basePath,
          issueSession: auth.issueSession,
          log: app.log,
        }),
        contactChanges: createContactChangeService({ db, mail, sms }),
      });
      accountAccessRoutes(api, {
        passwordResets: createPasswordResetService({ db, mail, consoleUrl: config.consoleUrl }),
        accessRequests: createAccessRequestService({ db, mail, consoleUrl: config.consoleUrl }),
      });
      accountRoutes(
        api,
        createAccountService({ db, storage, clientLinkUrl: config.clientLinkUrl, payments: config.payments }),
      );
      partnerRoutes(api, createPartnerService({ db }));
      roleRoutes(api, createRoleService({ db }));
      taxRoutes(api, createTaxService({ db }));
      userRoutes(api, createUserService({ db, mail }));
      textSuggestionRoutes(api, createTextSuggestionService({ db }));
      siteRoutes(api, createSiteService({ db, storage }));
      privateListRoutes(api, createPrivateListService({ db }));
      // One query service: its remembered page boundaries serve the list and the export alike.
      const assetQuery = createAssetQueryService({ db });
      assetQueryRoutes(api, assetQuery);
      categoryRoutes(api, createCategoryService({ db, storage }));
      assetRoutes(
        api,
        createAssetService({
          db,
          storage,
          bindings: { forget: (deviceNo) => signals.send('device-binding', deviceNo) },
        }),
      );
      assetBatchRoutes(api, { db, query: assetQuery });
      relocationListRoutes(api, { db });
      documentRoutes(api, createDocumentService({ db, storage }));
      operationRoutes(api, createOperationService({ db, secrets }));
      partnerOperationRoutes(api, createPartnerOperationService({ db, secrets, clientLinkUrl: config.clientLinkUrl }));
      paymentMethodRoutes(api, createPaymentMethodService({ db, secrets }));
      const settingsConfig = createSettingsConfigService({ db });
      settingsConfigRoutes(api, settingsConfig);
      customerRoutes(
        api,
        createCustomerService({
          db,
          mail,
          storage,
          secrets,
          settings: settingsConfig,
          clientLinkUrl: config.clientLinkUrl,
          ...(stripe
            ? { cards: stripeCardProvider(stripe) }
            : { cards: localCardTaker.provider, localCards: localCardTaker }),
        }),
      );
      pricingRoutes(api, createPricingService({ db }));
      paymentRoutes(api, paymentService);
      rentingRoutes(api, renting);
      orderRoutes(api, orderService);
      rentingIntentRoutes(api, createRentingIntentService({ db }));
      invoicingRoutes(api, createInvoiceService({ db }));
      depositRoutes(api, createDepositService({ db, payments: paymentService }));
      iotRoutes(api, liveFleet.control);
      assetMapRoutes(api, { db, gridMaxAgeMs: config.map.gridMaxAgeMs });
      dashboardRoutes(api, { db });
      alarmRoutes(api, { db });
      tripRoutes(api, { db });
      agencyClientRoutes(api, agencyClients);
      mdsProviderRoutes(api, createMdsService({ db }));
      workItemRoutes(api, createWorkItemService({ db, storage }));
      checklistRoutes(api, createChecklistService({ db, storage }));
      subscriptionPackageRoutes(api, createSubscriptionPackageService({ db }));
      checklistRecordRoutes(api, createChecklistRecordService({ db, storage }), storage);
      customerTicketRoutes(api, createCustomerTicketService({ db, payments: paymentService, mail, log: app.log }));
      customerTicketListRoutes(api, createCustomerTicketListService({ db }));
      reminderConfigRoutes(api, reminderConfigServices({ db }));
      notificationRoutes(api, createNotificationService({ db, log: app.log }));
      reminderLogRoutes(api, { db });
      const gbfsFeeds = createGbfsFeeds({
        db,
        apiBaseUrl: config.gbfs.apiBaseUrl,
        clientLinkUrl: config.clientLinkUrl,
        cacheMaxAgeMs: config.gbfs.cacheMaxAgeMs,
        copyOut: database.copyOut?.bind(database),
      });
      signals.on('gbfs-partner', (partnerId) => gbfsFeeds.forget(partnerId ?? undefined));
      const feedLimiter = createAddressLimiter({ perMinute: config.gbfs.rateLimitPerMinute, db, log: app.log });
      feedLimiter.start();
      api.addHook('onClose', async () => feedLimiter.stop());
      gbfsRoutes(api, {
        feeds: gbfsFeeds,
        settings: createGbfsSettingsService({ db, feeds: gbfsFeeds, signals }),
        limiter: feedLimiter,
      });
      const subscriptionOrders = createSubscriptionOrderService({
        db,
        payments: paymentService,
        billing: subscriptionBilling,
      });
      subscriptionOrderRoutes(api, subscriptionOrders);
      subscriptionTicketRoutes(
        api,
        createSubscriptionTicketService({
          db,
          payments: paymentService,
          mail,
          log: app.log,
          orders: subscriptionOrders,
          storage,
        }),
        createCustomerTicketListService({ db, kind: 'b2b' }),
        storage,
      );
    },
    { prefix: '/api' },
  );
  await registerConsole(app, config);
  return app;
}
