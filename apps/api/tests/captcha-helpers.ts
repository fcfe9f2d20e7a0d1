import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { captchaKeys, createCaptchaChallenge } from '../src/lib/captcha';
import type { TestApp } from './helpers';

/** A captcha solved as the widget would (eased difficulty, same signature and checks). */
export async function solvedCaptcha(t: TestApp): Promise<string> {
  const challenge = await createCaptchaChallenge(captchaKeys(t.config), new Date(), {
    cost: 10,
    counterMin: 10,
    counterMax: 50,
  });
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let ipCounter = 1;
/**
 * Posts a captcha-protected form as the browser does (x-www-form-urlencoded, X-locale pt-pt
 * unless `locale`), each post from its own IP unless `ip` is given (rate limits are per IP).
 */
export function postForm(
  t: TestApp,
  url: string,
  fields: Record<string, string>,
  opts: { locale?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: opts.ip ?? `10.1.0.${ipCounter++}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...opts.headers,
      'x-locale': opts.locale ?? 'pt-pt',
    },
    payload: new URLSearchParams(fields).toString(),
  });
}
