/**
 * Lawyers and expats who registered through the real form's endpoints (uploads, then
 * `POST /api/auth/register`) and wait for an admin: what the approval queue and the identity
 * checks of the admin console work on. Each registration comes from an address of its own, so that
 * the per-address limits of anonymous uploads never get in the way.
 */
import { SESSION_COOKIE } from '../../server/services/sessions';
import type { Language } from '../../src/domain/languages';
import { BROWSER_HEADERS } from './sessions';

/** The identity and bank fields every pending provider gives (the tests look for them in answers). */
export const PENDING_IDENTITY = {
  dateOfBirth: '1985-04-12',
  address: '12 rue des Lilas, 75011 Paris',
  idNumber: 'ABCDE1234F',
  bankAccountNumber: '1234 5678 9012',
  ifsc: 'SBIN0001234',
};
/** The bank account number as stored (spaces removed) and the last characters an admin may see. */
export const BANK_ACCOUNT_STORED = '123456789012';
export const BANK_ACCOUNT_TAIL = '9012';

const BIO = 'Avocate en droit des étrangers depuis douze ans, entre Bangkok et Paris, pour les expatriés.';

/** A tiny JPEG (the service checks the first bytes, not the whole image). */
export const jpegBytes = (seed = 1) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, seed)]);
export const pngBytes = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);
export const pdfBytes = () =>
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer <<>>\n%%EOF\n');

let addresses = 0;
const newAddress = () => `10.9.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

async function upload(baseUrl: string, kind: 'profile' | 'id_document', bytes: Buffer, address: string) {
  const response = await fetch(`${baseUrl}/api/auth/photo?kind=${kind}`, {
    method: 'POST',
    headers: { ...BROWSER_HEADERS, 'content-type': 'application/octet-stream', 'x-forwarded-for': address },
    body: new Uint8Array(bytes),
  });
  if (response.status !== 201) throw new Error(`upload refused: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { photoId: string }).photoId;
}

export type PendingProvider = {
  uid: string;
  email: string;
  cookie: string;
  photoId: string;
  idDocumentId: string;
  idDocument: Buffer;
};

export type PendingProviderOptions = {
  role: 'lawyer' | 'expat';
  email: string;
  language?: Language;
  firstName?: string;
  lastName?: string;
  /** The identity document's file (a PDF by default). */
  idDocument?: Buffer;
};

export async function registerPendingProvider(
  baseUrl: string,
  options: PendingProviderOptions,
): Promise<PendingProvider> {
  const address = newAddress();
  const idDocument = options.idDocument ?? pdfBytes();
  const photoId = await upload(baseUrl, 'profile', jpegBytes(), address);
  const idDocumentId = await upload(baseUrl, 'id_document', idDocument, address);
  const common = {
    role: options.role,
    language: options.language ?? 'fr',
    firstName: options.firstName ?? 'Marie',
    lastName: options.lastName ?? 'Lefèvre',
    email: options.email,
    password: 'secret-provider-1',
    phone: '+33 6 12 34 56 78',
    languages: ['fr', 'en'],
    bio: BIO,
    profilePhoto: photoId,
    acceptedTerms: true,
    ...PENDING_IDENTITY,
    idDocument: idDocumentId,
  };
  const body =
    options.role === 'lawyer'
      ? {
          ...common,
          whatsapp: '+33 6 12 34 56 79',
          residenceCountry: 'FR',
          presenceCountry: 'TH',
          practiceCountries: ['FR', 'TH'],
          yearsOfExperience: 12,
          graduationYear: 2010,
          specialties: ['immigration'],
          education: [{ title: 'Master 2 droit international', institution: 'Paris 1', year: 2010 }],
        }
      : {
          ...common,
          residenceCountry: 'TH',
          presenceCountry: 'TH',
          interventionCountry: 'TH',
          yearsAsExpat: 5,
          helpTypes: ['housing_search'],
        };
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { ...BROWSER_HEADERS, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  if (response.status !== 201)
    throw new Error(`registration refused: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { uid: string } };
  const setCookie =
    response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
  return {
    uid: user.uid,
    email: options.email.toLowerCase(),
    cookie: setCookie.split(';')[0]!,
    photoId,
    idDocumentId,
    idDocument,
  };
}
