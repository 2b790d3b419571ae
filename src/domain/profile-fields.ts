/**
 * Profile update whitelist (spec section 5): only these fields of the user record may be changed
 * by the user, whatever else a request or a pushed document carries. Kept apart from the
 * registration rules so that the browser's database schema does not pull in phone-number metadata.
 */
export const PROFILE_UPDATE_FIELDS = [
  'firstName',
  'lastName',
  'fullName',
  'displayName',
  'profilePhoto',
  'photoURL',
  'avatar',
  'phone',
  'phoneNumber',
  'phoneCountryCode',
  'whatsapp',
  'whatsappNumber',
  'whatsappCountryCode',
  'languages',
  'languagesSpoken',
  'bio',
  'description',
] as const;
export type ProfileUpdateField = (typeof PROFILE_UPDATE_FIELDS)[number];
export type ProfileUpdate = Partial<Record<ProfileUpdateField, unknown>>;

export function isProfileUpdateField(value: string): value is ProfileUpdateField {
  return (PROFILE_UPDATE_FIELDS as readonly string[]).includes(value);
}

/**
 * The fields of a provider's dashboard profile (spec section 3) that only a lawyer or an expat may
 * change, on top of `PROFILE_UPDATE_FIELDS`: a client's push that changes one of them is refused.
 */
export const PROVIDER_PROFILE_FIELDS = [
  'yearsOfExperience',
  'specialties',
  'specialtyOther',
  'practiceCountries',
  'practiceCountryOther',
  'graduationYear',
  'residenceCountry',
  'presenceCountry',
  'yearsAsExpat',
  'helpTypes',
  'helpTypeOther',
  'education',
  'barNumber',
] as const;
export type ProviderProfileField = (typeof PROVIDER_PROFILE_FIELDS)[number];

/** Every field the owner of a profile may change through the replication (the gateway's rule). */
export const PROFILE_OWNER_FIELDS: readonly string[] = [...PROFILE_UPDATE_FIELDS, ...PROVIDER_PROFILE_FIELDS];
