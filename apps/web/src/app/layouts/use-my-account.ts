import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client';
import { showAlert } from '../../stores/alert-store';
import { useSession } from '../../stores/session-store';
import { useUi } from '../../stores/ui-store';
import { paths } from '../../config/paths';
import type { CustomerView } from '@bilheteira/shared/schemas/customers';

/**
 * "My account" (spec §2 signed-in flow): with a stored token, reload the customer and ask
 * to continue to the dashboard; without one, open the login modal.
 */
export function useMyAccount() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  return async () => {
    const { token } = useSession.getState();
    useUi.getState().setMobileMenu(false);
    if (!token) {
      useUi.getState().openLogin();
      return;
    }
    try {
      const res = await api<{ data: CustomerView }>('/customers/customer');
      useSession.getState().setCustomer(res.data);
    } catch {
      return;
    }
    const go = await showAlert({
      type: 'info',
      title: t('my_account'),
      text: t('redirect_question'),
      confirmText: t('yes'),
      cancelText: t('no'),
    });
    if (go) navigate(`${paths.dashboardHome}?accessToken=${encodeURIComponent(token)}`);
  };
}
