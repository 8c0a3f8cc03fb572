import { customerEndpoints as e, IDENTITY_IMAGE_MAX_BYTES, paymentEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { attachment } from '../../lib/attachment.ts';
import { imageTooLarge } from '../../lib/images.ts';
import { route } from '../../lib/route.ts';
import { readUpload } from '../../lib/uploads.ts';
import type { CustomerService } from './customers.service.ts';

/** Customers (document 1 §7.6): list, export, detail, profile, referral, memberships, identity verification. */
export function customerRoutes(app: FastifyInstance, customers: CustomerService) {
  route(app, e.list, ({ caller, query }) => customers.list(caller, query));
  route(app, e.export, async ({ caller, query, reply }) => {
    const csv = await customers.exportCsv(caller, query);
    reply.type('text/csv; charset=utf-8').header('content-disposition', attachment('customers.csv'));
    return csv;
  });
  route(app, e.get, async ({ caller, params }) => ({ data: await customers.get(caller, params.id) }));
  route(app, e.create, async ({ caller, body }) => ({ data: await customers.create(caller, body) }));
  route(app, e.update, async ({ caller, params, body }) => ({ data: await customers.update(caller, params.id, body) }));
  route(app, e.remove, async ({ caller, params }) => {
    await customers.remove(caller, params.id);
    return { data: null };
  });
  route(app, e.restore, async ({ caller, params }) => ({ data: await customers.restore(caller, params.id) }));
  route(app, e.fieldLogs, ({ caller, params, query }) => customers.fieldLogs(caller, params.id, query));
  route(app, e.getByReferralCode, async ({ caller, body }) => ({
    data: await customers.getByReferralCode(caller, body),
  }));
  route(app, e.confirmReferrerCode, async ({ caller, params, body }) => ({
    data: await customers.confirmReferrerCode(caller, params.id, body.referralCode),
  }));
  route(app, e.addMembership, async ({ caller, params, body }) => ({
    data: await customers.addMembership(caller, params.id, body.partnerId),
  }));
  route(app, e.resetPassword, async ({ caller, params }) => ({
    data: await customers.resetPassword(caller, params.id),
  }));
  route(app, e.sendMail, async ({ caller, params, body }) => {
    await customers.sendMail(caller, params.id, body.kind);
    return { data: null };
  });
  route(app, e.verifyEmail, async ({ body }) => {
    await customers.verifyEmail(body.token);
    return { data: null };
  });
  route(app, e.markEmailVerified, async ({ caller, params, body }) => ({
    data: await customers.markEmailVerified(caller, params.id, body.reason),
  }));
  route(app, e.cardSetup, async ({ caller, params }) => ({ data: await customers.cardSetup(caller, params.id) }));
  route(app, e.attachCard, async ({ caller, params, body }) => ({
    data: await customers.attachCard(caller, params.id, body.paymentMethodId),
  }));
  // The local provider's tokenize call lives with the customers it takes cards for (it has no module of its own).
  route(app, paymentEndpoints.localTokenize, async ({ body }) => ({ data: await customers.tokenizeLocalCard(body) }));
  route(app, e.removePaymentMethod, async ({ caller, params }) => {
    await customers.removePaymentMethod(caller, params.id, params.paymentMethodId);
    return { data: null };
  });
  route(app, e.submitIdentity, async ({ caller, params, body }) => ({
    data: await customers.submitIdentity(caller, params.id, body),
  }));
  route(app, e.uploadIdentityImage, async ({ caller, params, request }) => {
    const content = await readUpload(request, IDENTITY_IMAGE_MAX_BYTES, imageTooLarge);
    await customers.uploadIdentityImage(caller, params.id, params.kind, content);
    return { data: null };
  });
  route(app, e.identityImage, async ({ caller, params, reply }) => {
    const image = await customers.identityImage(caller, params.id, params.kind);
    reply.type(image.type).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store');
    return reply.send(image.stream);
  });
  route(app, e.reviewIdentity, async ({ caller, params, body }) => ({
    data: await customers.reviewIdentity(caller, params.id, body),
  }));
}
