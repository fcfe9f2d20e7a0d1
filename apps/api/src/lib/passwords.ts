import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum parameters: slow enough for attackers, ~20 ms for us.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Verifies against a fixed hash so an unknown account costs the same time as a known one:
 * the answer's timing does not reveal which numbers have an account.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
  await verifyPassword(await dummyHash, password);
  return false;
}
