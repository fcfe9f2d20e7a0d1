import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';

/** Remembered login (spec §3): mobile and country, kept only while the box is ticked. */
export interface RememberedLogin {
  mobile: string;
  mobileCountryCode: string;
  countryIso2?: string;
}

export function readRememberedLogin(): RememberedLogin | null {
  const v = readStorage<RememberedLogin | null>(STORAGE_KEYS.rememberedLogin, null);
  return v && typeof v.mobile === 'string' && typeof v.mobileCountryCode === 'string' ? v : null;
}

export function saveRememberedLogin(value: RememberedLogin | null): void {
  writeStorage(STORAGE_KEYS.rememberedLogin, value);
}
