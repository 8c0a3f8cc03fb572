import { notificationKinds } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { resources } from '../../shared/i18n/all-resources.ts';
import { locales } from '../../shared/i18n/locales.ts';
import { relativeTime, wordingOf } from './notification-wording.ts';

describe('notification wording', () => {
  it('words a ticket assignment from its params', () => {
    expect(
      wordingOf({ kind: 'ticketAssigned', params: { ticketNo: 'T-0012', assetNo: 'MI0001', by: 'giulia' } }, 'en-US'),
    ).toEqual({
      title: { key: 'kind.ticketAssigned.title', values: { ticketNo: 'T-0012' } },
      detail: { key: 'kind.ticketAssigned.detail', values: { assetNo: 'MI0001', by: 'giulia' } },
    });
  });

  it('formats a waiting refund in the reader’s currency format', () => {
    const { detail } = wordingOf(
      { kind: 'depositRefundWaiting', params: { quantity: 2, amount: 300, currency: 'EUR' } },
      'it-IT',
    );
    expect(detail?.values.count).toBe(2);
    expect(String(detail?.values.amount).replace(/\s/g, ' ')).toBe('300,00 €');
  });

  it('counts reminders, missing counts as zero', () => {
    expect(wordingOf({ kind: 'reminder', params: { due: 3, overdue: 1 } }, 'en-US').detail?.values).toEqual({
      due: 3,
      overdue: 1,
      upcoming: 0,
    });
  });

  it('has every key it uses in every locale', () => {
    const params = { ticketNo: 'T', assetNo: 'A', by: 'b', orderNo: 'R', quantity: 1, amount: 1, currency: 'EUR' };
    for (const kind of notificationKinds) {
      const { title, detail } = wordingOf({ kind, params }, 'en-US');
      for (const locale of locales) {
        const messages = (resources[locale] as Record<string, Record<string, string>>).notifications ?? {};
        expect(messages[title.key], `${locale} ${title.key}`).toBeTruthy();
        if (detail) expect(messages[detail.key], `${locale} ${detail.key}`).toBeTruthy();
        expect(messages[`kind.${kind}`], `${locale} kind.${kind}`).toBeTruthy();
      }
    }
  });

  it('says how long ago in the reader’s language', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(relativeTime('2026-11-27T11:59:40Z', now, 'en-US')).toBe('now');
    expect(relativeTime('2026-11-27T11:57:00Z', now, 'en-US')).toBe('3 minutes ago');
    expect(relativeTime('2026-11-26T12:00:00Z', now, 'en-US')).toBe('yesterday');
    expect(relativeTime('2026-11-27T09:00:00Z', now, 'ko-KR')).toBe('3시간 전');
  });
});
