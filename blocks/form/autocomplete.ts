/**
 * Autofill hints (WCAG 1.3.5, identify input purpose) from a field's name, since the form schema
 * has no autocomplete property: the common contact and address fields of a shop's forms.
 */
const BY_NAME: Record<string, string> = {
  firstname: 'given-name',
  lastname: 'family-name',
  fullname: 'name',
  name: 'name',
  contactname: 'name',
  email: 'email',
  phone: 'tel',
  telephone: 'tel',
  companyname: 'organization',
  company: 'organization',
  jobtitle: 'organization-title',
  // Single-line inputs: street-address is for a multi-line field only.
  street: 'address-line1',
  address: 'address-line1',
  city: 'address-level2',
  state: 'address-level1',
  zip: 'postal-code',
  zipcode: 'postal-code',
  postalcode: 'postal-code',
  country: 'country',
  website: 'url',
};

export function autocompleteFor(name: string): string | undefined {
  return BY_NAME[name.replace(/[_-]/g, '').toLowerCase()];
}
