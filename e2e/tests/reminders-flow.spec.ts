import {
  assetTimerGroupEndpoints,
  assetTimerLogEndpoints,
  checklistRecordEndpoints,
  customerTicketEndpoints,
  notificationEndpoints,
  resetRuleEndpoints,
  timerEndpoints,
} from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { reportTelemetry, TEST_DEVICE_PREFIX } from '../fixtures/device.ts';
import { saveShot } from '../fixtures/locale.ts';
import { expect as baseExpect, test } from '../fixtures/test.ts';
import { milanoChecklist, NewTicketPage, uniqueAssetNo, uniquePhone } from '../pages/customer-tickets.page.ts';
import { pickOptions } from '../pages/list.ts';
import { ReminderLogsPage } from '../pages/reminder-logs.page.ts';
import { Shell } from '../pages/shell.ts';

/**
 * The console's first load of each screen parses megabytes of script: on two cores shared with the server, the demo
 * fleet's simulator and the trip job, that was seen taking 30 s. A passing run waits for none of this.
 */
const expect = baseExpect.configure({ timeout: 45_000 });

/** The trip builder's earth (modules/trips/trip-builder.ts): along a meridian a metre is this many degrees. */
const DEGREES_PER_METRE = 180 / Math.PI / 6_371_008.8;

/**
 * A ride of `metres` due north through Milano, replayed as a tracker reports it: unlocked, a fix every 150 m at
 * about 22 km/h, locked at the end. The fixes carry the device's times of the last few minutes, so the trip is
 * finished (and built) at the trip job's next round instead of minutes later.
 */
async function ride(deviceNo: string, metres: number) {
  const start = { lat: 45.47, lng: 9.18 };
  const steps = 7;
  const stepMs = 25_000;
  const t0 = Date.now() - (steps + 1) * stepMs;
  const at = (i: number) => ({ lat: start.lat + ((metres * i) / steps) * DEGREES_PER_METRE, lng: start.lng });
  await reportTelemetry(deviceNo, { pos: at(0), vel: 0, lock: 'unlocked', ts: t0 });
  for (let i = 1; i <= steps; i++) {
    await reportTelemetry(deviceNo, { pos: at(i), vel: 22, lock: 'unlocked', ts: t0 + i * stepMs });
  }
  await reportTelemetry(deviceNo, { pos: at(steps), vel: 0, lock: 'locked', ts: t0 + (steps + 1) * stepMs });
}

/**
 * Issue 23's proof: a distance timer (1 km) with a checklist-record reset rule, grouped on three assets; one is ridden
 * 1.05 km by its tracker; the trip builder and the evaluation job make it Due; the bell rings and leads to the log
 * centre; "Open service ticket" opens the new ticket with the asset; the checklist record finalized on that ticket
 * resets the timer, and the log's reset row links the record. Then the log centre in Korean. On a tablet.
 */
test.describe('reminders: from a ride to the reset', () => {
  test.use({
    signedInAs: 'owner',
    viewport: { width: 1024, height: 768 },
    actionTimeout: 45_000,
    navigationTimeout: 90_000,
  });

  test('a distance timer comes due from a ride and is reset by the finalized checklist record', async ({
    page,
    request,
    tokens,
  }) => {
    // A trip job round (30 s), an evaluation, a ticket and two languages on two busy cores.
    test.setTimeout(480_000);
    const api = new Api(request, await tokens('owner'));
    const suffix = Date.now().toString(36);
    const { partnerId, categoryId, checklist, item } = await milanoChecklist(api, suffix);
    const rule = await api.call(resetRuleEndpoints.create, {
      body: {
        partnerId,
        name: `Brake service done ${suffix}`,
        categoryId,
        type: 'checklistRecord',
        checklistId: checklist.id,
        remindBeforeReset: false,
      },
    });
    const timer = await api.call(timerEndpoints.create, {
      body: {
        partnerId,
        name: `Brakes every km ${suffix}`,
        categoryId,
        kind: 'distance',
        timingQuantity: 1,
        resetRuleIds: [rule.id],
      },
    });
    const nos = ['RMA', 'RMB', 'RMC'].map(uniqueAssetNo);
    for (const no of nos) {
      await api.createAsset(categoryId, { no, partnerId, usageMode: 'customer-rental', lifeCycleState: 'Ready' });
      await api.bindDevice(no, { no: `${TEST_DEVICE_PREFIX}${no}`, vendor: 'tbox' });
    }
    const group = await api.call(assetTimerGroupEndpoints.create, {
      body: { timerId: timer.id, categoryId, resetRuleId: rule.id, assetNos: nos },
    });
    expect(group.added).toBe(3);
    const ridden = nos[0] as string;
    const unreadBefore = (await api.call(notificationEndpoints.unreadCount)).count;

    await ride(`${TEST_DEVICE_PREFIX}${ridden}`, 1050);
    // The trip job's round (every 30 s) writes the trip and the odometer; the evaluation (every 2 s here) fires.
    const stateOf = async (no: string) =>
      (await api.call(assetTimerLogEndpoints.centre, { query: { assetNo: no, stateIn: ['ok', 'due', 'overdue'] } }))
        .map((r) => r.state)
        .join();
    await expect.poll(() => stateOf(ridden), { timeout: 120_000, intervals: [2_000] }).toBe('due');
    expect(await stateOf(nos[1] as string)).toBe('ok');

    // The log has the fire, with what the odometer had counted; the bell counts the round's reminder and leads to
    // the log centre.
    const logs = new ReminderLogsPage(page);
    await logs.log(`?assetNo=${ridden}`);
    const fired = logs.rowsOf(ridden).filter({ has: page.locator('[data-kind="due"]') });
    await expect(fired).toContainText('1.1 km');
    await expect(fired).toContainText('Timer reached');
    await expect(fired).toContainText('System');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName(/^Notifications, (\d+) unread$/);
    const unread = Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1]);
    expect(unread).toBeGreaterThan(unreadBefore);
    await bell.click();
    const reminder = page
      .getByTestId('notification-drawer')
      .getByTestId('notification-item')
      .filter({ hasText: 'Maintenance reminders' })
      .first();
    await expect(reminder).toContainText('1 due');
    await reminder.click();
    await expect(page).toHaveURL(/\/reminder\/asset-timer-log-center\/list/);
    // The address changes first; the log stays on screen until the centre's chunk has loaded (a router transition).
    await expect(page.getByRole('heading', { name: 'Asset-Timer Log Center', exact: true })).toBeVisible();

    // The centre: what needs attention; narrowed to the ridden asset by its number.
    await logs.main.getByRole('textbox', { name: 'Asset' }).fill(ridden);
    await logs.main.getByRole('button', { name: 'Search', exact: true }).click();
    const due = logs.rowsOf(ridden);
    await expect(due).toHaveCount(1);
    await expect(logs.tag(due)).toHaveText('Due');
    await expect(due).toContainText(timer.name);
    await expect(due).toContainText('after 1 km');
    await expect(due).toContainText('105%');
    await expect(due).toContainText('Milano Bike Hub');
    await expect(logs.main.getByText('Total: 1')).toBeVisible();
    await saveShot(page, 'reminder-centre-due.en-US.1024.png', { fullPage: true });

    // A service ticket for it, opened from the row with the asset already inspected.
    await due.getByRole('link', { name: `Open service ticket for ${ridden}` }).click();
    await expect(page).toHaveURL(new RegExp(`/b2c/service/ticket/new\\?assetNo=${ridden}`));
    await expect(page.getByTestId('inspected-asset')).toContainText(ridden);
    await expect(page.getByLabel('Asset no.')).toHaveValue(ridden);
    await new NewTicketPage(page).newCustomer({
      phoneNo: uniquePhone(),
      first: 'Rita',
      last: 'Conti',
      email: `rita.${suffix}@example.com`,
    });
    await page.getByText('Brakes', { exact: true }).click();
    await page.getByRole('button', { name: 'Open ticket' }).click();
    await expect(page).toHaveURL(/\/b2c\/service\/ticket\/detail\//);
    const ticketId = page.url().split('/').pop()?.split('?')[0] ?? '';
    const ticket = await api.call(customerTicketEndpoints.get, { params: { id: ticketId } });
    expect(ticket.asset.no).toBe(ridden);

    // The workshop does the work (as workshop-flow.spec.ts does it in the console): the record is finalized.
    await api.call(customerTicketEndpoints.checkIn, { params: { id: ticketId } });
    await api.call(customerTicketEndpoints.start, { params: { id: ticketId } });
    const record = await api.call(checklistRecordEndpoints.submitDraft, {
      params: { ticketId },
      body: {
        checklistId: checklist.id,
        durationMinutes: 20,
        groups: [
          {
            groupId: checklist.workItemGroups[0]?.id ?? '',
            workItems: [{ workItemId: item.id, options: [{ optionId: item.options[0]?.id ?? '', quantity: 1 }] }],
          },
        ],
      },
    });
    await api.call(checklistRecordEndpoints.finalize, { params: { id: record.id } });

    // Back in the centre (two steps back, inside the console): the row has left "needs attention"; chosen by its
    // state it is OK again in a new cycle, naming the open ticket.
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/reminder/asset-timer-log-center/list\\?assetNo=${ridden}$`));
    await expect(logs.main.getByText('Nothing needs attention with these filters.')).toBeVisible();
    await pickOptions(page, logs.main.getByRole('combobox', { name: 'State' }), ['OK']);
    await logs.main.getByRole('button', { name: 'Search', exact: true }).click();
    const ok = logs.rowsOf(ridden);
    await expect(logs.tag(ok)).toHaveText('OK');
    await expect(ok).toContainText('0%');
    await expect(ok.getByRole('link', { name: ticket.ticketNo, exact: true })).toBeVisible();

    // Its history, the asset carried over: filtered by kind in the form, the reset by the record (newest) and the
    // one of joining the group.
    await logs.main.getByText('Log', { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/reminder/asset-timer-log/list\\?assetNo=${ridden}$`));
    await expect(logs.rowsOf(ridden).locator('[data-kind]')).toHaveText(['Reset', 'Due', 'Reset']);
    await pickOptions(page, logs.main.getByRole('combobox', { name: 'Kind' }), ['Reset']);
    await logs.main.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/kindIn=reset/);
    const resets = logs.rowsOf(ridden);
    await expect(resets).toHaveCount(2);
    await expect(resets.nth(0)).toContainText('Checklist record');
    await expect(resets.nth(0)).toContainText('1.1 km');
    await expect(resets.nth(0)).toContainText('Account Owner');
    await expect(resets.nth(1)).toContainText('Added to the group');
    await saveShot(page, 'reminder-log-resets.en-US.1024.png', { fullPage: true });
    await resets.nth(0).getByRole('link', { name: 'Record', exact: true }).click();
    await expect(page).toHaveURL(`/checklist/record/detail/${record.id}`);

    // The log centre in Korean (switched in the header): its columns, the state and the view switch.
    await new Shell(page).chooseLocale('한국어');
    await page.goBack();
    await expect(logs.main.getByText('기록 센터', { exact: true })).toBeVisible();
    await logs.main.getByText('기록 센터', { exact: true }).click();
    await expect(page.getByRole('heading', { name: '자산 타이머 기록 센터' })).toBeVisible();
    await pickOptions(page, logs.main.getByRole('combobox', { name: '상태' }), ['정상']);
    await logs.main.getByRole('button', { name: '검색', exact: true }).click();
    for (const column of ['자산', '타이머', '상태', '진행률', '기한', '남은 양'])
      await expect(logs.main.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    await expect(logs.tag(logs.rowsOf(ridden))).toHaveText('정상');
    await expect(logs.main.getByText('총 1건')).toBeVisible();
    await saveShot(page, 'reminder-centre.ko-KR.1024.png', { fullPage: true });
  });
});
