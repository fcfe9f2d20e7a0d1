import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { QR_LEVEL } from '@bilheteira/shared/constants';

/** The ticket's QR code (spec §9: level H; 65 px on the stub, 120 px in the modal). */
export function TicketQr({ token, size }: { token: string; size: number }) {
  const { t } = useTranslation('tickets');
  return (
    <div className="inline-flex rounded-lg bg-white p-1.5 ring-1 ring-slate-200" data-testid="ticket-qr">
      <QRCodeSVG
        value={token}
        size={size}
        level={QR_LEVEL}
        marginSize={0}
        role="img"
        aria-label={t('qr_label')}
        bgColor="#ffffff"
        fgColor="#0f172a"
      />
    </div>
  );
}

/** Spec §4: a ticket that no longer admits shows a crossed-out QR image instead. */
export function CrossedQr({ size }: { size: number }) {
  const { t } = useTranslation('tickets');
  // A fixed pattern, never the real token: a ticket that no longer admits cannot be scanned.
  return (
    <div
      className="inline-flex rounded-lg bg-slate-100 p-1.5 ring-1 ring-slate-200"
      data-testid="ticket-qr-crossed"
    >
      <svg width={size} height={size} viewBox="0 0 21 21" role="img" aria-label={t('qr_crossed_label')}>
        <g fill="#94a3b8">
          <path d="M0 0h7v7H0zM14 0h7v7h-7zM0 14h7v7H0z" />
          <path d="M2 2h3v3H2zM16 2h3v3h-3zM2 16h3v3H2z" fill="#f1f5f9" />
          <path d="M9 1h2v2H9zM9 5h3v2H9zM8 9h2v3H8zM12 9h3v2h-3zM17 9h3v2h-3zM9 14h2v2H9zM13 13h2v3h-2zM16 15h3v2h-3zM11 18h3v2h-3zM17 18h3v3h-3zM1 9h3v2H1zM5 10h2v2H5z" />
        </g>
        <path d="M1 1l19 19M20 1L1 20" stroke="#b91c1c" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
    </div>
  );
}
