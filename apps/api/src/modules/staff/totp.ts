/**
 * TOTP (RFC 6238, 30-second steps, 6 digits) with otplib: what authenticator apps speak.
 * A code is accepted one step either side of now (clock drift), and never twice: the caller
 * stores the step a code was accepted at and passes it back.
 */
import { generateSecret, generateURI, verify } from 'otplib';

const STEP_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// URI an authenticator app reads from a QR code. */
export const totpUri = (email: string, secret: string): string =>
  generateURI({ issuer: 'Bilheteira', label: email, secret });

/** The time step `code` matches, or null when it does not (or was used at or before `lastStep`). */
export async function acceptedTotpStep(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): Promise<number | null> {
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: STEP_SECONDS });
  if (!result.valid) return null;
  const step = Math.floor(epoch / STEP_SECONDS) + (result.delta ?? 0);
  return lastStep !== null && step <= lastStep ? null : step;
}
