import type { CustomerView } from '@bilheteira/shared/schemas/customers';
import type { CustomerRow } from './customer.repository';

/** The owner's view of a customer: spec §3 fields in snake_case, never the password. */
export function toCustomerView(c: CustomerRow, impersonated = false): CustomerView {
  return {
    id: c.id,
    first_name: c.firstName,
    last_name: c.lastName,
    email: c.email,
    pending_email: c.pendingEmail,
    mobile: c.mobile,
    mobile_country_code: c.mobileCountryCode,
    birthday: c.birthday,
    gender: (c.gender as CustomerView['gender']) ?? null,
    name_billing: c.nameBilling,
    document_billing: c.documentBilling,
    postal_code: c.postalCode,
    iban: c.iban,
    marketing_consent: c.marketingConsent,
    invoice_by_email: c.invoiceByEmail,
    mobile_verified: !!c.mobileVerifiedAt,
    email_verified: !!c.emailVerifiedAt,
    impersonated,
  };
}
