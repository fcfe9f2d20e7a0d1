import { createBrowserRouter, Navigate } from 'react-router';
import { RequireSession } from './require-session';
import { RouteError } from './route-error';

/** Every page loads with its own chunk (first-load budget: 250 KiB of JS gzipped). */
export function createBackofficeRouter() {
  return createBrowserRouter(
    [
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('../features/auth/sign-in-page')).SignInPage }),
        errorElement: <RouteError />,
      },
      {
        path: '/invitations/:token',
        lazy: async () => ({ Component: (await import('../features/auth/invitation-page')).InvitationPage }),
        errorElement: <RouteError />,
      },
      {
        path: '/',
        element: <RequireSession />,
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/home/home-page')).HomePage }),
          },
          {
            path: 'organizers/:organizerId/team',
            lazy: async () => ({ Component: (await import('../features/team/team-page')).TeamPage }),
          },
          {
            path: 'organizers/:organizerId/events',
            lazy: async () => ({
              Component: (await import('../features/events/events-list-page')).EventsListPage,
            }),
          },
          {
            path: 'organizers/:organizerId/events/new',
            lazy: async () => ({
              Component: (await import('../features/events/new-event-page')).NewEventPage,
            }),
          },
          {
            path: 'organizers/:organizerId/events/:eventId',
            lazy: async () => ({ Component: (await import('../features/events/event-page')).EventPage }),
          },
          {
            path: 'organizers/:organizerId/events/:eventId/dashboard',
            lazy: async () => ({
              Component: (await import('../features/dashboard/dashboard-page')).DashboardPage,
            }),
          },
          {
            path: 'organizers/:organizerId/orders',
            lazy: async () => ({
              Component: (await import('../features/orders/orders-list-page')).OrdersListPage,
            }),
          },
          {
            path: 'organizers/:organizerId/orders/:orderId',
            lazy: async () => ({ Component: (await import('../features/orders/order-page')).OrderPage }),
          },
          {
            path: 'organizers/:organizerId/refunds',
            lazy: async () => ({
              Component: (await import('../features/refunds/refunds-page')).RefundsPage,
            }),
          },
          {
            path: 'organizers/:organizerId/payouts',
            lazy: async () => ({
              Component: (await import('../features/payouts/payouts-page')).PayoutsPage,
            }),
          },
          {
            path: 'organizers/:organizerId/payouts/:eventId',
            lazy: async () => ({
              Component: (await import('../features/payouts/payout-event-page')).PayoutEventPage,
            }),
          },
          {
            path: 'organizers/:organizerId/integrations',
            lazy: async () => ({
              Component: (await import('../features/integrations/integrations-page')).IntegrationsPage,
            }),
          },
          {
            path: 'sessions',
            lazy: async () => ({
              Component: (await import('../features/sessions/sessions-page')).SessionsPage,
            }),
          },
          {
            path: 'operator/requests',
            lazy: async () => ({
              Component: (await import('../features/operator/requests-page')).RequestsPage,
            }),
          },
          {
            path: 'operator/activity',
            lazy: async () => ({
              Component: (await import('../features/activity/activity-page')).OperatorActivityPage,
            }),
          },
          {
            path: 'organizers/:organizerId/activity',
            lazy: async () => ({
              Component: (await import('../features/activity/activity-page')).ActivityPage,
            }),
          },
          {
            path: 'organizers/:organizerId',
            element: <Navigate to="/" replace />,
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }),
          },
        ],
      },
    ],
    { basename: '/backoffice' },
  );
}
