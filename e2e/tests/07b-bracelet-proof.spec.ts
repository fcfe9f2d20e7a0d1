import { expect, test, type Page } from '../support/test';
import { expectNoA11yViolations, lastOutboxMessage, loginByApi, screenshotBoth } from '../support/helpers';

/**
 * Issue 23 item 3: a bracelet is linked with its printed code AND the secret printed inside
 * it (or its NFC UID read by the phone); a wrong secret gets the one generic answer.
 * Spare bracelets of festival-demo (README): 20000n has the secret SPARE + n-th letter × 3.
 */
const SPARE_SECRET = { code: '200007', secret: 'SPAREGGG' };
const SPARE_NFC = { code: '200008', uid: '04:f0:e0:d0:c0:b0:08' };

/** A fresh, activated customer made through the API (no demo account shared with other specs). */
async function freshCustomer(page: Page, tag: string) {
  const stamp = `${Date.now()}`.slice(-6);
  const mobile = `93${stamp}${tag}`;
  const password = 'Pulseira!2026x';
  const reg = await page.request.post('/api/customers/register', {
    data: {
      first_name: 'Inês',
      last_name: `Pulseira${stamp}`,
      email: `pulseira.${stamp}${tag}@example.pt`,
      mobile_country_code: '351',
      mobile,
      password,
      password_confirmation: password,
      accepted_terms: true,
    },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const sms = await lastOutboxMessage(page, `+351${mobile}`);
  const act = await page.request.post('/api/customers/activate', {
    data: { mobile_country_code: '351', mobile, code: String(sms!.meta.code) },
  });
  expect(act.ok(), await act.text()).toBe(true);
  return { mobile, password, e164: `+351${mobile}` };
}

async function closeAlert(page: Page, expected: RegExp | string) {
  const alert = page.getByTestId('alert-modal');
  await expect(alert).toContainText(expected);
  await alert.getByRole('button').last().click();
  await expect(alert).toHaveCount(0);
}

test('a customer links a spare bracelet with the secret printed inside it; a wrong secret gets the generic answer', async ({
  page,
}) => {
  const who = await freshCustomer(page, '1');
  await loginByApi(page, who, '/site/festival-demo/account/wallet');
  const section = page.getByTestId('bracelets-section');
  await expect(section.getByRole('heading', { name: 'Pulseiras' })).toBeVisible();
  // desktop Chromium has no Web NFC: no read button, the secret is the way
  await expect(page.getByTestId('bracelet-nfc-read')).toHaveCount(0);
  await expect(
    section.getByText('8 letras e algarismos impressos no lado de dentro da pulseira'),
  ).toBeVisible();

  const code = section.getByLabel('Associar uma pulseira (ID de 6 dígitos)');
  const secret = section.getByLabel('Código secreto (no interior da pulseira)');
  await code.fill(SPARE_SECRET.code);
  // the public code alone is not enough
  await section.getByRole('button', { name: 'Associar pulseira' }).click();
  await expect(section.getByText('Indique o código secreto impresso no interior da pulseira.')).toBeVisible();

  await secret.fill('WRQN-G234');
  await section.getByRole('button', { name: 'Associar pulseira' }).click();
  const generic = 'O ID e o código secreto não correspondem a nenhuma pulseira disponível neste evento.';
  await closeAlert(page, generic);
  await expect(section.getByRole('alert')).toContainText(generic);
  await expect(section.getByText(SPARE_SECRET.code, { exact: true })).toHaveCount(0);
  await screenshotBoth(page, '07b-bracelet-wrong-secret');

  // typed as printed, in lower case with a hyphen
  await secret.fill('spar-eggg');
  await section.getByRole('button', { name: 'Associar pulseira' }).click();
  await closeAlert(page, 'Pulseira associada');
  const item = section.getByRole('listitem').filter({ hasText: SPARE_SECRET.code });
  await expect(item).toContainText('Ativa');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '07b-bracelet-linked');
});

test('quick charge in English: the bracelet read by NFC links it without the secret', async ({ browser }) => {
  const context = await browser.newContext();
  // what the language list saves: the choice in localStorage and a copy in a cookie
  await context.addCookies([{ name: 'locale', value: 'en', url: test.info().project.use.baseURL! }]);
  await context.addInitScript(() => localStorage.setItem('locale', '"en"'));
  // a phone with Web NFC: the reader answers with the bracelet's serial number
  await context.addInitScript((uid: string) => {
    class FakeNdefReader extends EventTarget {
      scan() {
        setTimeout(() => {
          const e = new Event('reading') as Event & { serialNumber: string };
          e.serialNumber = uid;
          this.dispatchEvent(e);
        }, 50);
        return Promise.resolve();
      }
    }
    (window as unknown as { NDEFReader: typeof FakeNdefReader }).NDEFReader = FakeNdefReader;
  }, SPARE_NFC.uid);
  const page = await context.newPage();
  const who = await freshCustomer(page, '2');

  await page.goto('/site/festival-demo/wallet');
  await expect(page.getByRole('heading', { level: 1, name: 'Quick top-up' })).toBeVisible();
  await page.getByLabel('Bracelet ID (6 digits)').fill(SPARE_NFC.code);
  await page.getByRole('textbox', { name: /Mobile/ }).fill(who.mobile);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('checkbox').check();
  // a wrong secret first: the generic answer, in English
  await page.getByLabel('Secret code (inside the bracelet)').fill('WRQNG234');
  await page.getByTestId('quick-charge-continue').click();
  await expect(
    page.getByText('The ID and the secret code do not match any available bracelet at this event.'),
  ).toBeVisible();

  await page.getByLabel('Secret code (inside the bracelet)').fill('');
  await page.getByTestId('bracelet-nfc-read').click();
  await expect(page.getByText('Bracelet read by NFC. You do not need the secret code.')).toBeVisible();
  await screenshotBoth(page, '07b-quick-charge-nfc');
  await page.getByTestId('quick-charge-continue').click();
  await expect(page.getByTestId('quick-charge-amount')).toContainText(`Bracelet ${SPARE_NFC.code} linked`);
  await context.close();
});
