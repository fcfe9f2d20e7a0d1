import { PASSWORD_STRENGTH_MAX } from './constants';

/** Password strength 0–6 (spec §5): one point per rule met. Advisory only. */
export function passwordStrength(password: string): number {
  const rules = [
    password.length >= 8,
    password.length >= 12,
    /[a-z]/.test(password),
    /[A-Z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ];
  return Math.min(PASSWORD_STRENGTH_MAX, rules.filter(Boolean).length);
}

export type PasswordStrengthLevel = 'weak' | 'medium' | 'strong';

/** Weak ≤ 2 (Fraca), medium 3–4 (Média), strong 5–6 (Forte). */
export function passwordStrengthLevel(score: number): PasswordStrengthLevel {
  if (score <= 2) return 'weak';
  if (score <= 4) return 'medium';
  return 'strong';
}
