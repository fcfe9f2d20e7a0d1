import { formatNationalPhone, type Country } from './phone';
import { getExampleNumber, type CountryCode } from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';

/**
 * The phone field's placeholder: the country's example mobile number in its mask ("912 345 678",
 * "7400 123456", "82 123 4567"), so the hint has the digits and grouping a real number has.
 */
export function phonePlaceholder(country: Country): string {
  const example = getExampleNumber(country.iso2 as CountryCode, examples)?.nationalNumber;
  const digits = example ?? '9'.repeat(Math.min(...country.digits));
  return formatNationalPhone(country.iso2, digits.slice(0, country.maxDigits));
}
