import { useTranslation } from 'react-i18next';
import { PASSWORD_STRENGTH_MAX } from '@bilheteira/shared/constants';
import { passwordStrength, passwordStrengthLevel } from '@bilheteira/shared/password';

const COLORS = {
  weak: { bar: 'bg-red-600', text: 'text-red-700' },
  medium: { bar: 'bg-amber-500', text: 'text-amber-800' },
  strong: { bar: 'bg-emerald-600', text: 'text-emerald-700' },
} as const;

/**
 * Password strength meter (spec §5): 0–6, Fraca ≤ 2, Média 3–4, Forte 5–6. Advisory only:
 * it never blocks a form. Announced politely to screen readers.
 */
export function PasswordStrength({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('phone');
  if (!password) return null;
  const score = passwordStrength(password);
  const level = passwordStrengthLevel(score);
  const color = COLORS[level];
  return (
    <div id={id} className="mt-2" data-testid="password-strength" data-score={score} data-level={level}>
      <div
        role="meter"
        aria-valuemin={0}
        aria-valuemax={PASSWORD_STRENGTH_MAX}
        aria-valuenow={score}
        aria-valuetext={t(`strength.${level}`)}
        aria-label={t('strength.label')}
        className="flex gap-1"
      >
        {Array.from({ length: PASSWORD_STRENGTH_MAX }, (_, i) => (
          <span key={i} className={`h-1.5 flex-1 rounded-full ${i < score ? color.bar : 'bg-slate-200'}`} />
        ))}
      </div>
      <p className={`mt-1 text-xs font-medium ${color.text}`} aria-live="polite">
        {t('strength.label')}: {t(`strength.${level}`)}
      </p>
    </div>
  );
}

export default PasswordStrength;
