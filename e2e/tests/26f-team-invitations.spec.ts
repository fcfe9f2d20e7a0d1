import { expect, test } from '../support/test';
import { expectNoA11yViolations, lastOutboxMessage, screenshotBoth } from '../support/helpers';
import { newOrganizer } from '../support/organizer';

/**
 * Issue 26 item 2, a team's invitations: an owner invites someone by mistake and withdraws the
 * invitation after a confirmation; the emailed link then says it no longer works. The
 * confirmation is read in English and Spanish too.
 */
test('an owner withdraws an invitation sent by mistake; its link stops working', async ({
  page,
  browser,
  baseURL,
}) => {
  const organizer = await newOrganizer(page.request);
  const email = `engano-${Date.now()}@example.pt`;
  const team = `/backoffice/organizers/${organizer.id}/team`;

  await page.goto(team);
  await page.getByTestId('invite').click();
  const invite = page.getByTestId('invite-dialog');
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('Papel').selectOption('viewer');
  await invite.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(invite).toBeHidden();
  const invitations = page.getByTestId('invitations');
  await expect(invitations).toContainText(email);
  const link = new URL(String((await lastOutboxMessage(page, email))!.meta.link)).pathname;

  // the confirmation, in English and Spanish: kept, nothing changes
  for (const [locale, title, keep] of [
    ['en', 'Withdraw the invitation?', 'Keep'],
    ['es', '¿Retirar la invitación?', 'Mantener'],
  ] as const) {
    await page.addInitScript((l) => localStorage.setItem('backoffice_locale', l), locale);
    await page.goto(team);
    await page.getByTestId(`withdraw-${email}`).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
    await expect(dialog).toContainText(email);
    await dialog.getByRole('button', { name: keep }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('invitations')).toContainText(email);
  }

  // in Portuguese: withdrawn
  await page.addInitScript(() => localStorage.setItem('backoffice_locale', 'pt-pt'));
  await page.goto(team);
  await page.getByTestId(`withdraw-${email}`).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: 'Cancelar o convite?' })).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '26f-withdraw-invitation');
  await dialog.getByRole('button', { name: 'Cancelar convite' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('notice')).toHaveText('Convite cancelado: a ligação deixou de funcionar.');
  await expect(page.getByText('Não há convites por aceitar.')).toBeVisible();

  // the person who got the email opens the link: it says so, with nothing to fill in
  const stranger = await (await browser.newContext({ baseURL, locale: 'pt-PT' })).newPage();
  await stranger.goto(link);
  await expect(stranger.getByText('Este convite não existe, já foi usado ou expirou.')).toBeVisible();
  await expect(stranger.getByTestId('accept-form')).toHaveCount(0);
});
