import {
  type AccessRequest,
  type AccessRequestApproval,
  type AccessRequestCreate,
  type AccessRequestDecline,
  type AccessRequestListQuery,
  INVITE_LINK_HOURS,
  username as usernameRule,
} from '@fleetdesk/contracts';
import type { MailSender } from '../../adapters/messaging.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import { writeFieldLogs } from '../audit/audit.repo.ts';
import * as authRepo from '../auth/auth.repo.ts';
import { limitRate } from '../auth/rate-limit.ts';
import { asConflict, createStaff } from '../users/users.service.ts';
import * as repo from './access-requests.repo.ts';
import { issuePasswordLink } from './password-links.ts';

/** Requests one client address may leave in an hour (each one lands in the team's list). */
export const ACCESS_REQUEST_LIMITS = { perAddress: 5, windowSeconds: 3600 } as const;

const alreadyDecided = () =>
  new DomainError('AccessRequestDecided', 409, 'This access request has already been approved or declined');

const toAccessRequest = (r: repo.AccessRequestRow): AccessRequest => ({
  id: r.id,
  name: r.name,
  email: r.email,
  partnerName: r.partner_name,
  message: r.message,
  status: r.status,
  decidedBy: r.decided_by,
  decidedAt: toIsoOrNull(r.decided_at),
  user: r.user,
  createdAt: toIso(r.created_at),
});

/** The e-mail itself when it is a valid username (most are), else its part before the @, made one. */
export function defaultUsername(email: string): string {
  if (usernameRule.safeParse(email).success) return email.toLowerCase();
  const local = (email.split('@')[0] ?? '').replace(/[^a-zA-Z0-9._-]/g, '.').slice(0, 64);
  return local.length >= 3 ? local.toLowerCase() : `user.${local.toLowerCase()}`;
}

export function createAccessRequestService(deps: { db: Db; mail: MailSender; consoleUrl: string }) {
  const { db } = deps;

  /** A pending request by id (404 when absent, 409 when already decided). */
  async function pending(tx: DbOrTx, id: string) {
    const row = await repo.get(tx, id);
    if (!row) throw notFound();
    if (row.status !== 'pending') throw alreadyDecided();
    return row;
  }

  async function decided(
    tx: DbOrTx,
    caller: Caller,
    id: string,
    d: { status: 'approved' | 'declined'; userId?: string; reason?: string },
  ) {
    if (!(await repo.decide(tx, id, { status: d.status, decidedBy: caller.userId, userId: d.userId }))) {
      throw alreadyDecided();
    }
    await writeFieldLogs(tx, {
      entityType: 'access-request',
      entityId: id,
      userId: caller.userId,
      changes: [
        { field: 'status', before: 'pending', after: d.status },
        ...(d.reason ? [{ field: 'reason', before: null, after: d.reason }] : []),
      ],
    });
    return toAccessRequest((await repo.get(tx, id))!);
  }

  return {
    /**
     * Records a visitor's request. An e-mail that already has an account or a pending request gets the same
     * answer and adds nothing; the account's owner is told by e-mail how to get back in instead.
     */
    async create(body: AccessRequestCreate, clientAddress: string) {
      await limitRate(
        db,
        `access-request:address:${clientAddress}`,
        ACCESS_REQUEST_LIMITS.perAddress,
        ACCESS_REQUEST_LIMITS.windowSeconds,
      );
      const user = await authRepo.liveUserByEmail(db, body.email);
      if (user?.email) {
        await deps.mail.send(
          user.email,
          'You already have a Fleetdesk account',
          [
            `Hello ${user.name},`,
            '',
            'Someone asked for access to Fleetdesk with this e-mail address, which already has an account.',
            `Sign in at ${deps.consoleUrl}auth/login — if you forgot your password, choose "Forgot password?" there.`,
          ].join('\n'),
        );
        return;
      }
      await repo.insert(db, {
        name: body.name,
        email: body.email,
        partnerName: body.partnerName,
        message: body.message?.trim() ? body.message : null,
      });
    },

    async list(query: AccessRequestListQuery) {
      const { rows, count } = await repo.list(db, query);
      return { data: rows.map(toAccessRequest), count };
    },

    /**
     * Creates the requester's staff account with the rules of creating one (the approver's scope and roles
     * bound what they may grant), marks the request approved in the same transaction, and mails a link to set
     * a password.
     */
    async approve(caller: Caller, id: string, body: AccessRequestApproval): Promise<AccessRequest> {
      const { request, link, user } = await db
        .transaction(async (tx) => {
          const row = await pending(tx, id);
          const created = await createStaff(
            tx,
            caller,
            {
              username: body.username ?? defaultUsername(row.email),
              name: row.name,
              email: row.email,
              partnerScope: body.partnerScope,
              roleIds: body.roleIds,
            },
            null,
          );
          const approved = await decided(tx, caller, id, { status: 'approved', userId: created.id });
          const url = await issuePasswordLink(tx, deps.consoleUrl, created.id, 'invite');
          return { request: approved, link: url, user: created };
        })
        .catch((error: unknown) => {
          throw asConflict(error);
        });
      await deps.mail.send(
        request.email,
        'Your Fleetdesk access was approved',
        [
          `Hello ${request.name},`,
          '',
          `Your request for access to Fleetdesk was approved. Your username is ${user.username}.`,
          'Open this link to choose your password:',
          link,
          '',
          `The link works once, for ${INVITE_LINK_HOURS} hours. When it has expired, choose "Forgot password?" on the sign-in page.`,
        ].join('\n'),
      );
      return request;
    },

    /** Declines a pending request and tells the visitor, with the reason when one is given. */
    async decline(caller: Caller, id: string, body: AccessRequestDecline): Promise<AccessRequest> {
      const reason = body.reason?.trim() || undefined;
      const request = await db.transaction(async (tx) => {
        await pending(tx, id);
        return decided(tx, caller, id, { status: 'declined', reason });
      });
      await deps.mail.send(
        request.email,
        'Your Fleetdesk access request',
        [
          `Hello ${request.name},`,
          '',
          'Your request for access to Fleetdesk was declined.',
          ...(reason ? ['', `Reason: ${reason}`] : []),
        ].join('\n'),
      );
      return request;
    },
  };
}

export type AccessRequestService = ReturnType<typeof createAccessRequestService>;
