import { request } from '@playwright/test';

/** A real 48 px PNG (a blue square), so that the console shows it as an image. */
const A_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAAOklEQVR42u3OMQ0AAAgDsP1oQiSOcUE4mlRAUz2vREhISEhISEhISEhISEhISEhISEhISEhISEjozgIQ2qFqFWVU4QAAAABJRU5ErkJggg==',
  'base64',
);

/** A real one-page PDF ("PASSEPORT - SPECIMEN"), so that the browser's viewer can show it. */
const A_SPECIMEN_PDF = Buffer.from(
  'JVBERi0xLjQKMSAwIG9iago8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4KZW5kb2JqCjIgMCBvYmoKPDwgL1R5cGUgL1BhZ2VzIC9LaWRzIFszIDAgUl0gL0NvdW50IDEgPj4KZW5kb2JqCjMgMCBvYmoKPDwgL1R5cGUgL1BhZ2UgL1BhcmVudCAyIDAgUiAvTWVkaWFCb3ggWzAgMCA1OTUgODQyXSAvQ29udGVudHMgNCAwIFIgL1Jlc291cmNlcyA8PCAvRm9udCA8PCAvRjEgNSAwIFIgPj4gPj4gPj4KZW5kb2JqCjQgMCBvYmoKPDwgL0xlbmd0aCAxMTUgPj4Kc3RyZWFtCkJUIC9GMSAyNCBUZiA3MiA3MjAgVGQgKFBBU1NFUE9SVCAtIFNQRUNJTUVOKSBUaiBFVApCVCAvRjEgMTQgVGYgNzIgNjkwIFRkIChEb2N1bWVudCBkZSB0ZXN0IHBvdXIgbGEgY29uc29sZSkgVGogRVQKZW5kc3RyZWFtCmVuZG9iago1IDAgb2JqCjw8IC9UeXBlIC9Gb250IC9TdWJ0eXBlIC9UeXBlMSAvQmFzZUZvbnQgL0hlbHZldGljYSA+PgplbmRvYmoKeHJlZgowIDYKMDAwMDAwMDAwMCA2NTUzNSBmIAowMDAwMDAwMDA5IDAwMDAwIG4gCjAwMDAwMDAwNTggMDAwMDAgbiAKMDAwMDAwMDExNSAwMDAwMCBuIAowMDAwMDAwMjQxIDAwMDAwIG4gCjAwMDAwMDA0MDcgMDAwMDAgbiAKdHJhaWxlcgo8PCAvU2l6ZSA2IC9Sb290IDEgMCBSID4+CnN0YXJ0eHJlZgo0NzcKJSVFT0YK',
  'base64',
);

export type PendingProviderEntry = {
  role: 'lawyer' | 'expat';
  language: 'fr' | 'en' | 'es' | 'ru' | 'de';
  firstName: string;
  lastName: string;
  email: string;
  /** The identity document: a PDF, or a PNG scan. */
  idDocument?: 'pdf' | 'png';
};

/**
 * A lawyer or expat who registered through the service's own endpoints (uploads, then the
 * registration) rather than the form, for the admin console's tests that are not about the form:
 * waiting for approval, in the language they registered in. Answers their uid.
 */
export async function aPendingProvider(baseURL: string, entry: PendingProviderEntry): Promise<string> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-sos-expat': '1' } });
  const upload = async (kind: 'profile' | 'id_document', bytes: Buffer) => {
    const answer = await api.post(`/api/auth/photo?kind=${kind}`, {
      headers: { 'content-type': 'application/octet-stream' },
      data: bytes,
    });
    if (answer.status() !== 201) throw new Error(`Upload refused: ${answer.status()} ${await answer.text()}`);
    return ((await answer.json()) as { photoId: string }).photoId;
  };
  const profilePhoto = await upload('profile', A_PNG);
  const idDocument = await upload('id_document', entry.idDocument === 'png' ? A_PNG : A_SPECIMEN_PDF);
  const common = {
    role: entry.role,
    language: entry.language,
    firstName: entry.firstName,
    lastName: entry.lastName,
    email: entry.email,
    password: 'Provider-e2e-2026',
    phone: '+33 6 12 34 56 78',
    languages: ['fr', 'en'],
    bio: 'Installée à Lisbonne depuis dix ans, j’accompagne les expatriés dans leurs démarches : visas, logement, fiscalité et scolarité.',
    profilePhoto,
    idDocument,
    acceptedTerms: true,
    dateOfBirth: '1986-05-20',
    address: 'Rua Augusta 100, 1100-053 Lisboa, Portugal',
    idNumber: 'PT1234567',
    bankAccountNumber: 'PT50000201231234567890154',
    ifsc: 'SBIN0005678',
  };
  const data =
    entry.role === 'lawyer'
      ? {
          ...common,
          whatsapp: '+33 6 98 76 54 32',
          residenceCountry: 'PT',
          presenceCountry: 'PT',
          practiceCountries: ['PT', 'FR'],
          yearsOfExperience: 9,
          graduationYear: 2012,
          specialties: ['immigration', 'real_estate_law'],
          education: [
            { title: 'Master en droit des affaires', institution: 'Universidade de Lisboa', year: 2012 },
          ],
        }
      : {
          ...common,
          residenceCountry: 'PT',
          presenceCountry: 'PT',
          interventionCountry: 'PT',
          yearsAsExpat: 10,
          helpTypes: ['housing_search'],
        };
  const answer = await api.post('/api/auth/register', { data });
  if (answer.status() !== 201)
    throw new Error(`Registration refused: ${answer.status()} ${await answer.text()}`);
  const { user } = (await answer.json()) as { user: { uid: string } };
  await api.dispose();
  return user.uid;
}
