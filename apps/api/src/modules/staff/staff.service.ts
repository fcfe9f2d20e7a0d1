/** What other modules (organiser onboarding) use of the back-office users and teams. */
export { createInvitation } from './team.service';
export { staffActor } from './staff-auth.service';
