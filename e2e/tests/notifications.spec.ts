import { accountEndpoints, customerTicketEndpoints, notificationEndpoints } from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { LOCALE_KEY } from '../fixtures/env.ts';
import { saveShot } from '../fixtures/locale.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * The bell of issue 23: the owner assigns service tickets to Elena through the API while her console is open; her
 * badge counts them live (no reload), the drawer lists them and opens the ticket, "Mark all read" clears the badge;
 * her notification settings are saved; the drawer reads in Korean on a tablet. Signed in once, as Elena.
 */
test.describe('notifications', () => {
  test.use({ signedInAs: 'elena' });

  test('a ticket assigned to me rings the bell live; the drawer opens it; settings are saved', async ({
    page,
    request,
    tokens,
  }) => {
    const owner = new Api(request, await tokens('owner'));
    const elena = new Api(request, await tokens('elena'));
    const me = await elena.call(accountEndpoints.profile);
    const before = (await elena.call(notificationEndpoints.unreadCount)).count;
    const open = await owner.call(customerTicketEndpoints.list, {
      query: { statusIn: ['new', 'checked-in'], pageSize: 20 },
    });
    const [first, second] = open.filter((t) => t.mechanic?.id !== me.id);
    if (!first || !second) throw new Error('the demo workshop has no two open tickets to assign');

    await page.goto('/');
    const badge = page.getByTestId('notification-badge');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toBeVisible();
    await expect(bell).toHaveAccessibleName(before ? `Notifications, ${before} unread` : 'Notifications');

    // Written by someone else while the page is open: the stream brings the count, the page is not reloaded.
    for (const ticket of [first, second]) {
      await owner.call(customerTicketEndpoints.assign, {
        params: { id: ticket.id },
        body: { mechanicUserId: me.id },
      });
    }
    await expect(badge).toContainText(String(before + 2));
    await expect(bell).toHaveAccessibleName(`Notifications, ${before + 2} unread`);

    await bell.click();
    const drawer = page.getByTestId('notification-drawer');
    const items = drawer.getByTestId('notification-item');
    await expect(drawer.getByText('Notifications', { exact: true })).toBeVisible();
    await expect(items.first()).toContainText(`Service ticket ${second.ticketNo} was assigned to you`);
    await expect(items.first()).toContainText(`Asset ${second.asset.no}, assigned by owner`);
    await expect(items.first()).toContainText(/now|seconds? ago|minute ago/);
    await expect(items.first()).toHaveAttribute('data-unread', 'true');
    await expect(items.nth(1)).toContainText(`Service ticket ${first.ticketNo} was assigned to you`);
    await saveShot(page, 'notifications-drawer-en.png');

    // Following one opens the ticket and marks it read.
    await items.nth(1).click();
    await expect(page).toHaveURL(`/b2c/service/ticket/detail/${first.id}`);
    await expect(page.getByText(first.ticketNo).first()).toBeVisible();
    await expect(badge).toContainText(String(before + 1));

    await bell.click();
    await expect(items.nth(1)).toHaveAttribute('data-unread', 'false');
    await drawer.getByTestId('notification-read-all').click();
    await expect(items.first()).toHaveAttribute('data-unread', 'false');
    await expect(bell).toHaveAccessibleName('Notifications');
    expect((await elena.call(notificationEndpoints.unreadCount)).count).toBe(0);
    await page.keyboard.press('Escape');

    // Account settings → Notification: tickets by e-mail too, gathered into the daily digest.
    await page.goto('/setting/general/account');
    const part = page.getByTestId('account-notification');
    await expect(part.getByText('Service tickets assigned to me')).toBeVisible();
    const save = part.getByTestId('notification-save');
    await expect(save).toBeDisabled();
    await part.getByRole('switch', { name: 'Service tickets assigned to me by e-mail' }).click();
    await part.getByRole('switch', { name: 'Daily digest' }).click();
    await save.click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();
    await page.reload();
    await expect(part.getByRole('switch', { name: 'Service tickets assigned to me by e-mail' })).toBeChecked();
    await expect(part.getByRole('switch', { name: 'Daily digest' })).toBeChecked();
    await expect(part.getByRole('switch', { name: 'Service tickets assigned to me in the app' })).toBeChecked();
    expect(await elena.call(notificationEndpoints.settings)).toMatchObject({
      kinds: { ticketAssigned: { inApp: true, email: true } },
      dailyDigest: true,
    });
    await saveShot(part, 'notifications-settings-en.png');

    // The drawer in Korean on a tablet.
    await page.evaluate(([key]) => localStorage.setItem(key as string, 'ko-KR'), [LOCALE_KEY]);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/');
    await page.getByTestId('notification-bell').click();
    await expect(drawer.getByText('알림', { exact: true })).toBeVisible();
    await expect(drawer.getByTestId('notification-read-all')).toHaveText('모두 읽음으로 표시');
    await expect(items.first()).toContainText(`서비스 티켓 ${second.ticketNo}이(가) 나에게 배정되었습니다`);
    await expect(items.first()).toContainText(`자산 ${second.asset.no}`);
    await saveShot(page, 'notifications-drawer-1024-ko.png');
  });
});
