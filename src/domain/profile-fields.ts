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
