import { expect, test } from '../support/test';
import { expectNoA11yViolations, lisbonDay, screenshotBoth } from '../support/helpers';
import { newOrganizer, organizerCall } from '../support/organizer';

/**
 * Issue 27 items 4 and 5, as a festival's owner sets up the door and the cashless bar: a door
 * device enrolled by QR code whose key scans at the door API, its scan in the log, then revoked;
 * a bar station whose key is shown once and works at the tills' API, then a batch file of 50
 * bracelets; a file with a bad line is refused by line and imports nothing. Checked in en and es.
 */

const csv = (rows: string[]) => Buffer.from(['uid,code,secret', ...rows].join('\n'));

test('the owner enrols a door device, adds a bar with its key and imports 50 bracelets', async ({ page }) => {
  const organizer = await newOrganizer(page.request);
  const call = organizerCall(page.request, organizer);
  const event = await call<{ id: number }>('post', '/events', {
    name: `Festival do Sado ${Date.now().toString(36)}`,
    address: 'Doca de Setúbal',
    contact_email: 'sado@promotora-e2e.pt',
    // tomorrow: tills record from 48 hours before the doors open
    starts_at: `${lisbonDay(1)}T16:00:00Z`,
    ends_at: `${lisbonDay(2)}T23:00:00Z`,
    wallet_enabled: true,
  });
  // the door: a device enrolled by its QR code; its key scans; the scan is in the log
  await page.goto(`/backoffice/organizers/${organizer.id}/events/${event.id}?tab=door`);
  await page.getByTestId('add-device').click();
  await page.getByTestId('device-dialog').getByLabel('Nome (porta)').fill('Porta Norte');
  await page.getByTestId('save-device').click();
  const enrolment = page.getByTestId('enrolment-dialog');
  await expect(enrolment.getByRole('img', { name: 'Código QR de registo do dispositivo' })).toBeVisible();
  const deviceKey = await enrolment.getByTestId('secret-value').inputValue();
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '27c-door-enrolment');
  await enrolment.getByTestId('secret-done').click();
  const scan = () =>
    page.request.post('/api/checkin', {
      headers: { 'x-device-key': deviceKey },
      data: { token: 'not-a-ticket', nonce: `e2e-${Date.now()}` },
    });
  expect((await scan()).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('device-counts')).toHaveText(/^0 entradas · 1 leitura · última às /);
  await expect(page.getByTestId('scans-table').locator('tbody tr')).toContainText(['Porta Norte']);
  await expect(page.getByTestId('scans-table')).toContainText('Desconhecido');
  await page.getByRole('button', { name: 'Revogar Porta Norte' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revogar' }).click();
  await expect(page.getByTestId('device')).toContainText('Revogado');
  expect((await scan()).status()).toBe(401);
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '27c-door');

  await page.getByTestId('tab-bar').click();
  await expect(page.getByRole('heading', { name: 'Postos de venda' })).toBeVisible();
  await expect(page.getByText('Ainda não há postos de venda.')).toBeVisible();

  // a bar: its key once, working at the tills' API
  await page.getByTestId('add-station').click();
  const dialog = page.getByTestId('station-dialog');
  await dialog.getByLabel('Nome do posto').fill('Bar Palco Sado');
  await dialog.getByLabel('Função').selectOption('bar');
  await dialog.getByTestId('save-station').click();
  const keyDialog = page.getByTestId('station-key-dialog');
  await expect(keyDialog.getByText('não voltará a ser mostrada')).toBeVisible();
  const key = await keyDialog.getByTestId('secret-value').inputValue();
  const till = await page.request.get('/api/stations/blocklist', { headers: { 'x-station-key': key } });
  expect(till.status()).toBe(200);
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '27c-station-key');
  await keyDialog.getByTestId('secret-done').click();
  await expect(page.getByTestId('station')).toContainText('Bar Palco Sado');
  await expect(page.getByTestId('station')).toContainText('Bar · Ativo');

  // 50 bracelets from the supplier's file
  const stamp = String(Date.now()).slice(-6);
  const rows = Array.from(
    { length: 50 },
    (_, i) =>
      `04E2${stamp}${String(i).padStart(4, '0')},${String(Number(stamp) * 50 + i)
        .slice(-6)
        .padStart(6, '0')}`,
  );
  await page
    .getByTestId('bracelet-file')
    .setInputFiles({ name: 'pulseiras.csv', mimeType: 'text/csv', buffer: csv(rows) });
  await expect(page.getByTestId('notice')).toHaveText('50 pulseiras importadas.');
  await expect(page.getByTestId('bracelet-counts')).toHaveText(
    '50 ativas · 0 associadas a uma carteira · 0 bloqueadas',
  );
  await expect(page.getByTestId('bracelets-table').locator('tbody tr')).toHaveCount(50);

  // a file with a bad UID and a bracelet already imported: nothing changes, the line is named
  await page.getByTestId('bracelet-file').setInputFiles({
    name: 'mais.csv',
    mimeType: 'text/csv',
    buffer: csv(['ZZZZ,123456', rows[0]!]),
  });
  await expect(page.getByTestId('import-problems')).toContainText(
    'Linha 2 (UID): UID inválido: 8, 14 ou 20 algarismos hexadecimais',
  );
  await expect(page.getByTestId('bracelet-counts')).toContainText('50 ativas');

  // a shift: 20 € loaded at the cash point, a 4,50 € round at the bar; the end-of-shift totals
  const cash = await call<{ key: string }>('post', `/events/${event.id}/stations`, {
    name: 'Caixa Sado',
    role: 'topup',
  });
  const bracelet = rows[1]!.split(',')[1]!;
  for (const [till, id, type, cents] of [
    [cash.key, 'e2e-load', 'topup', 2000],
    [key, 'e2e-round', 'consumption', 450],
  ] as const) {
    const res = await page.request.post('/api/stations/transactions', {
      headers: { 'x-station-key': till },
      data: {
        transactions: [
          { id, bracelet, type, amount_cents: cents, occurred_at: new Date().toISOString(), items: [] },
        ],
      },
    });
    expect(((await res.json()) as { data: { results: { status: string }[] } }).data.results[0]!.status).toBe(
      'accepted',
    );
  }
  await page.getByTestId('shift-show').click();
  const shift = page.getByTestId('shift-table');
  await expect(shift.getByTestId('shift-row').filter({ hasText: 'Bar Palco Sado' })).toContainText(
    '4,50\u00a0€ (1)',
  );
  await expect(shift.getByTestId('shift-row').filter({ hasText: 'Caixa Sado' })).toContainText(
    '20,00\u00a0€ (1)',
  );
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '27c-bracelets');

  // in English and Spanish
  for (const [locale, heading] of [
    ['en', 'Stations'],
    ['es', 'Puntos de venta'],
  ] as const) {
    await page.getByTestId('language').first().selectOption(locale);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await screenshotBoth(page, '27c-bar-es');
});
