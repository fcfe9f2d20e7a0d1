import { api } from '../../../lib/api-client';

/** A mobile as the API takes it (spec §7): dial code and national digits, no spaces. */
export interface MobileBody {
  mobile_country_code: string;
  mobile: string;
}

export interface CodeSent {
  message: string;
  mobile: string;
  mobile_country_code: string;
  resend_after: number;
}

type Message = { data: { message: string }; message: string };
type Session = { data: { message: string; accessToken: string }; message: string; accessToken: string };

/** POST /api/customers/login-mobile — phone step (errors re-thrown silently, spec §8). */
export const loginMobile = (body: MobileBody) =>
  api<{ data: { exists: boolean; message: string } }>('/customers/login-mobile', { json: body });

/** POST /api/customers/login-password — `login` is the mobile without spaces (spec §7). */
export const loginPassword = (body: MobileBody & { password: string }) =>
  api<Session>('/customers/login-password', {
    json: { ...body, login: body.mobile },
  });

/** POST /api/customers/request-password — emails a single-use reset link. */
export const requestPassword = (body: MobileBody) =>
  api<Message>('/customers/request-password', { json: body, skipErrorHandler: true });

export interface RegisterInput extends MobileBody {
  first_name: string;
  last_name: string;
  email: string;
  birthday?: string;
  gender?: string;
  password: string;
  password_confirmation: string;
  accepted_terms: boolean;
  marketing_consent: boolean;
  invoice_by_email: boolean;
}

export const register = (body: RegisterInput) =>
  api<{ data: CodeSent; message: string }>('/customers/register', { json: body, skipErrorHandler: true });

export const resendCode = (body: MobileBody) =>
  api<{ data: CodeSent; message: string }>('/customers/resend-code', { json: body, skipErrorHandler: true });

/** POST /api/customers/activate — proves the mobile with the SMS code; answers a session. */
export const activate = (body: MobileBody & { code: string }) =>
  api<Session>('/customers/activate', { json: body, skipErrorHandler: true });

/** POST /api/customers/confirm-email — the link of the confirmation email (/activate). */
export const confirmEmail = (token: string) =>
  api<Message>('/customers/confirm-email', { json: { token }, skipErrorHandler: true });

/** POST /api/customers/reset-password/check — whether the emailed reset link still works. */
export const checkResetLink = (token: string) =>
  api<Message>('/customers/reset-password/check', { json: { token }, skipErrorHandler: true });

export const resetPassword = (body: { token: string; password: string; password_confirmation: string }) =>
  api<Message>('/customers/reset-password', { json: body, skipErrorHandler: true });

export const changePassword = (body: {
  old_password: string;
  password: string;
  password_confirmation: string;
}) => api<Message>('/customers/change-password', { json: body, skipErrorHandler: true });

/** POST /api/customers/impersonate — exchanges a support token for a session. */
export const impersonate = (token: string) =>
  api<Session>('/customers/impersonate', { json: { token }, skipErrorHandler: true });
