// Per-profession wording and habits of the demo providers: the job title in each language, the
// specialties they tend to list first and the degree an expat helper of that profession holds.
import type { Language } from '../../../src/domain/languages';
import type { Profession } from '../../../src/domain/professions';
import type { Specialty } from '../../../src/domain/specialties';
import type { Gendered, Localized } from './types';

/** Specialties a profession is most likely to list first. */
export const PREFERRED_SPECIALTIES: Record<Profession, readonly Specialty[]> = {
  lawyer: [],
  notary: ['inheritance', 'real_estate_law', 'family_law'],
  tax_consultant: ['tax_law', 'business_law', 'inheritance'],
  expat: [],
  accountant: ['tax_returns', 'business_setup', 'banking_setup'],
  real_estate: ['housing_search', 'relocation'],
  translator: ['translation', 'administrative_procedures'],
  hr_consultant: ['job_search', 'relocation', 'cultural_integration'],
  financial_advisor: ['banking_setup', 'retirement_abroad', 'tax_returns'],
  insurance_broker: ['insurance_cover', 'healthcare_access'],
};

export const PROFESSION_NOUNS: Record<Profession, Record<Language, Gendered>> = {
  lawyer: {
    fr: { m: 'avocat', f: 'avocate' },
    en: { m: 'lawyer', f: 'lawyer' },
    es: { m: 'abogado', f: 'abogada' },
    ru: { m: 'адвокат', f: 'адвокат' },
    de: { m: 'Rechtsanwalt', f: 'Rechtsanwältin' },
  },
  notary: {
    fr: { m: 'notaire', f: 'notaire' },
    en: { m: 'notary', f: 'notary' },
    es: { m: 'notario', f: 'notaria' },
    ru: { m: 'нотариус', f: 'нотариус' },
    de: { m: 'Notar', f: 'Notarin' },
  },
  tax_consultant: {
    fr: { m: 'conseiller fiscal', f: 'conseillère fiscale' },
    en: { m: 'tax consultant', f: 'tax consultant' },
    es: { m: 'asesor fiscal', f: 'asesora fiscal' },
    ru: { m: 'налоговый консультант', f: 'налоговый консультант' },
    de: { m: 'Steuerberater', f: 'Steuerberaterin' },
  },
  expat: {
    fr: { m: 'expatrié', f: 'expatriée' },
    en: { m: 'expat', f: 'expat' },
    es: { m: 'expatriado', f: 'expatriada' },
    ru: { m: 'экспат', f: 'экспат' },
    de: { m: 'Expat', f: 'Expat' },
  },
  accountant: {
    fr: { m: 'comptable', f: 'comptable' },
    en: { m: 'accountant', f: 'accountant' },
    es: { m: 'contable', f: 'contable' },
    ru: { m: 'бухгалтер', f: 'бухгалтер' },
    de: { m: 'Buchhalter', f: 'Buchhalterin' },
  },
  real_estate: {
    fr: { m: 'agent immobilier', f: 'agente immobilière' },
    en: { m: 'estate agent', f: 'estate agent' },
    es: { m: 'agente inmobiliario', f: 'agente inmobiliaria' },
    ru: { m: 'риелтор', f: 'риелтор' },
    de: { m: 'Immobilienmakler', f: 'Immobilienmaklerin' },
  },
  translator: {
    fr: { m: 'traducteur', f: 'traductrice' },
    en: { m: 'translator', f: 'translator' },
    es: { m: 'traductor', f: 'traductora' },
    ru: { m: 'переводчик', f: 'переводчица' },
    de: { m: 'Übersetzer', f: 'Übersetzerin' },
  },
  hr_consultant: {
    fr: { m: 'consultant RH', f: 'consultante RH' },
    en: { m: 'HR consultant', f: 'HR consultant' },
    es: { m: 'consultor de RR. HH.', f: 'consultora de RR. HH.' },
    ru: { m: 'HR-консультант', f: 'HR-консультант' },
    de: { m: 'HR-Berater', f: 'HR-Beraterin' },
  },
  financial_advisor: {
    fr: { m: 'conseiller financier', f: 'conseillère financière' },
    en: { m: 'financial adviser', f: 'financial adviser' },
    es: { m: 'asesor financiero', f: 'asesora financiera' },
    ru: { m: 'финансовый консультант', f: 'финансовый консультант' },
    de: { m: 'Finanzberater', f: 'Finanzberaterin' },
  },
  insurance_broker: {
    fr: { m: 'courtier en assurances', f: 'courtière en assurances' },
    en: { m: 'insurance broker', f: 'insurance broker' },
    es: { m: 'corredor de seguros', f: 'corredora de seguros' },
    ru: { m: 'страховой брокер', f: 'страховой брокер' },
    de: { m: 'Versicherungsmakler', f: 'Versicherungsmaklerin' },
  },
};

/** Degree titles of expat helpers, in their main language. */
export const HELPER_DEGREES: Partial<Record<Profession, Localized>> = {
  expat: {
    fr: 'Master en commerce international',
    en: 'BA in International Relations',
    es: 'Grado en Turismo',
    ru: 'Магистр международных отношений',
    de: 'Bachelor Internationales Management',
  },
  accountant: {
    fr: 'Diplôme supérieur de comptabilité et de gestion (DSCG)',
    en: 'BSc in Accounting and Finance',
    es: 'Grado en Administración y Dirección de Empresas',
    ru: 'Бакалавр бухгалтерского учёта',
    de: 'Bachelor Betriebswirtschaftslehre',
  },
  real_estate: {
    fr: 'BTS Professions immobilières',
    en: 'BSc in Real Estate Management',
    es: 'Grado en Gestión Inmobiliaria',
    ru: 'Диплом по управлению недвижимостью',
    de: 'Bachelor Immobilienwirtschaft',
  },
  translator: {
    fr: 'Master de traduction spécialisée',
    en: 'MA in Translation Studies',
    es: 'Grado en Traducción e Interpretación',
    ru: 'Диплом лингвиста-переводчика',
    de: 'Master Übersetzungswissenschaft',
  },
  hr_consultant: {
    fr: 'Master en gestion des ressources humaines',
    en: 'MSc in Human Resource Management',
    es: 'Máster en Recursos Humanos',
    ru: 'Магистр управления персоналом',
    de: 'Master Personalmanagement',
  },
  financial_advisor: {
    fr: 'Master en gestion de patrimoine',
    en: 'MSc in Finance',
    es: 'Máster en Asesoramiento Financiero',
    ru: 'Магистр финансов',
    de: 'Master Finanzwirtschaft',
  },
  insurance_broker: {
    fr: 'Licence professionnelle Assurance, banque, finance',
    en: 'BSc in Risk and Insurance',
    es: 'Grado en Finanzas y Seguros',
    ru: 'Диплом по страховому делу',
    de: 'Bachelor Versicherungswirtschaft',
  },
};
