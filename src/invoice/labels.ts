/**
 * The invoice's wording in the five languages (French is the reference). A typed table rather than
 * i18next keys: the server renders the same PDF for the mail and has no i18next, and the browser
 * renders it offline without loading a locale part. Service names and professions match the site's
 * (`pricing.offers`, `professions`; a unit test holds the professions to the locale files).
 */
import type { Language } from '../domain/languages';
import type { Profession } from '../domain/professions';
import type { ServiceKey } from '../domain/promo';

/** The platform named in the header and the footer. */
export const INVOICE_PLATFORM_NAME = 'SOS Expat';

export type InvoiceLabels = {
  title: string;
  number: string;
  issuedOn: string;
  seller: string;
  buyer: string;
  vatId: string;
  /** Before the seller's company registration number. */
  companyId: string;
  description: string;
  amount: string;
  services: Record<ServiceKey, string>;
  /** The provider's profession as the directory lists it; never derived from the service. */
  professions: Record<Profession, string>;
  provider: string;
  bookedDuration: string;
  consultationOn: string;
  callDuration: string;
  standardPrice: string;
  coupon: string;
  net: string;
  vat: (rate: string) => string;
  total: string;
  currency: string;
  payment: string;
  paidOn: string;
  orderId: string;
  footer: (platform: string) => string;
  /** A credit note's own wording (src/domain/credit-note.ts). */
  creditNote: {
    title: string;
    /** Before the number of the invoice it corrects. */
    corrects: string;
    /** The table's line: the refund of the service. */
    refundOf: (service: string) => string;
    reason: string;
    refundedOn: string;
    total: string;
  };
};

export const INVOICE_LABELS: Record<Language, InvoiceLabels> = {
  fr: {
    title: 'Facture',
    number: 'Numéro',
    issuedOn: 'Date d’émission',
    seller: 'Émetteur',
    buyer: 'Client',
    vatId: 'N° de TVA',
    companyId: 'Immatriculation',
    description: 'Désignation',
    amount: 'Montant',
    services: { lawyerCall: 'Appel avocat', expatCall: 'Appel expatrié aidant' },
    professions: {
      lawyer: 'Avocat',
      expat: 'Expatrié aidant',
      accountant: 'Expert-comptable',
      notary: 'Notaire',
      tax_consultant: 'Conseiller fiscal',
      real_estate: 'Conseiller immobilier',
      translator: 'Traducteur',
      hr_consultant: 'Consultant RH',
      financial_advisor: 'Conseiller financier',
      insurance_broker: 'Courtier en assurances',
    },
    provider: 'Expert',
    bookedDuration: 'Durée réservée',
    consultationOn: 'Date de la consultation',
    callDuration: 'Durée de l’appel',
    standardPrice: 'Prix standard',
    coupon: 'Code promo',
    net: 'Montant HT',
    vat: (rate) => `TVA ${rate}`,
    total: 'Total payé TTC',
    currency: 'Devise',
    payment: 'Paiement',
    paidOn: 'Payé le',
    orderId: 'Référence de la commande',
    footer: (platform) => `${platform} · Merci de votre confiance.`,
    creditNote: {
      title: 'Avoir',
      corrects: 'Facture d’origine',
      refundOf: (service) => `Remboursement · ${service}`,
      reason: 'Motif',
      refundedOn: 'Remboursé le',
      total: 'Total remboursé TTC',
    },
  },
  en: {
    title: 'Invoice',
    number: 'Number',
    issuedOn: 'Issue date',
    seller: 'From',
    buyer: 'Bill to',
    vatId: 'VAT number',
    companyId: 'Company registration',
    description: 'Description',
    amount: 'Amount',
    services: { lawyerCall: 'Lawyer call', expatCall: 'Expat helper call' },
    professions: {
      lawyer: 'Lawyer',
      expat: 'Expat helper',
      accountant: 'Accountant',
      notary: 'Notary',
      tax_consultant: 'Tax consultant',
      real_estate: 'Real estate adviser',
      translator: 'Translator',
      hr_consultant: 'HR consultant',
      financial_advisor: 'Financial adviser',
      insurance_broker: 'Insurance broker',
    },
    provider: 'Expert',
    bookedDuration: 'Booked duration',
    consultationOn: 'Consultation date',
    callDuration: 'Call duration',
    standardPrice: 'Standard price',
    coupon: 'Promo code',
    net: 'Net amount',
    vat: (rate) => `VAT ${rate}`,
    total: 'Total paid',
    currency: 'Currency',
    payment: 'Payment',
    paidOn: 'Paid on',
    orderId: 'Order reference',
    footer: (platform) => `${platform} · Thank you for your trust.`,
    creditNote: {
      title: 'Credit note',
      corrects: 'Original invoice',
      refundOf: (service) => `Refund · ${service}`,
      reason: 'Reason',
      refundedOn: 'Refunded on',
      total: 'Total refunded',
    },
  },
  es: {
    title: 'Factura',
    number: 'Número',
    issuedOn: 'Fecha de emisión',
    seller: 'Emisor',
    buyer: 'Cliente',
    vatId: 'N.º de IVA',
    companyId: 'Registro mercantil',
    description: 'Concepto',
    amount: 'Importe',
    services: { lawyerCall: 'Llamada con abogado', expatCall: 'Llamada con expatriado asesor' },
    professions: {
      lawyer: 'Abogado',
      expat: 'Expatriado asesor',
      accountant: 'Asesor contable',
      notary: 'Notario',
      tax_consultant: 'Asesor fiscal',
      real_estate: 'Asesor inmobiliario',
      translator: 'Traductor',
      hr_consultant: 'Consultor de RR. HH.',
      financial_advisor: 'Asesor financiero',
      insurance_broker: 'Corredor de seguros',
    },
    provider: 'Experto',
    bookedDuration: 'Duración reservada',
    consultationOn: 'Fecha de la consulta',
    callDuration: 'Duración de la llamada',
    standardPrice: 'Precio estándar',
    coupon: 'Código promocional',
    net: 'Base imponible',
    vat: (rate) => `IVA ${rate}`,
    total: 'Total pagado',
    currency: 'Moneda',
    payment: 'Pago',
    paidOn: 'Pagado el',
    orderId: 'Referencia del pedido',
    footer: (platform) => `${platform} · Gracias por su confianza.`,
    creditNote: {
      title: 'Nota de abono',
      corrects: 'Factura original',
      refundOf: (service) => `Reembolso · ${service}`,
      reason: 'Motivo',
      refundedOn: 'Reembolsado el',
      total: 'Total reembolsado',
    },
  },
  ru: {
    title: 'Счёт',
    number: 'Номер',
    issuedOn: 'Дата выставления',
    seller: 'Продавец',
    buyer: 'Покупатель',
    vatId: 'Номер плательщика НДС',
    companyId: 'Регистрационный номер',
    description: 'Наименование',
    amount: 'Сумма',
    services: { lawyerCall: 'Звонок адвокату', expatCall: 'Звонок эксперту-экспату' },
    professions: {
      lawyer: 'Адвокат',
      expat: 'Эксперт-экспат',
      accountant: 'Бухгалтер',
      notary: 'Нотариус',
      tax_consultant: 'Налоговый консультант',
      real_estate: 'Консультант по недвижимости',
      translator: 'Переводчик',
      hr_consultant: 'HR-консультант',
      financial_advisor: 'Финансовый консультант',
      insurance_broker: 'Страховой брокер',
    },
    provider: 'Эксперт',
    bookedDuration: 'Оплаченное время',
    consultationOn: 'Дата консультации',
    callDuration: 'Длительность звонка',
    standardPrice: 'Обычная цена',
    coupon: 'Промокод',
    net: 'Сумма без НДС',
    vat: (rate) => `НДС ${rate}`,
    total: 'Итого оплачено',
    currency: 'Валюта',
    payment: 'Оплата',
    paidOn: 'Дата оплаты',
    orderId: 'Номер заказа',
    footer: (platform) => `${platform} · Спасибо за доверие.`,
    creditNote: {
      title: 'Кредит-нота',
      corrects: 'Исходный счёт',
      refundOf: (service) => `Возврат · ${service}`,
      reason: 'Причина',
      refundedOn: 'Дата возврата',
      total: 'Итого возвращено',
    },
  },
  de: {
    title: 'Rechnung',
    number: 'Rechnungsnummer',
    issuedOn: 'Rechnungsdatum',
    seller: 'Rechnungssteller',
    buyer: 'Rechnungsempfänger',
    vatId: 'USt-IdNr.',
    companyId: 'Handelsregister',
    description: 'Leistung',
    amount: 'Betrag',
    services: { lawyerCall: 'Anruf beim Anwalt', expatCall: 'Anruf beim Expat-Helfer' },
    professions: {
      lawyer: 'Anwalt',
      expat: 'Expat-Helfer',
      accountant: 'Buchhalter',
      notary: 'Notar',
      tax_consultant: 'Steuerberater',
      real_estate: 'Immobilienberater',
      translator: 'Übersetzer',
      hr_consultant: 'HR-Berater',
      financial_advisor: 'Finanzberater',
      insurance_broker: 'Versicherungsmakler',
    },
    provider: 'Experte',
    bookedDuration: 'Gebuchte Dauer',
    consultationOn: 'Datum der Beratung',
    callDuration: 'Gesprächsdauer',
    standardPrice: 'Standardpreis',
    coupon: 'Gutscheincode',
    net: 'Nettobetrag',
    vat: (rate) => `USt. ${rate}`,
    total: 'Gezahlter Gesamtbetrag',
    currency: 'Währung',
    payment: 'Zahlung',
    paidOn: 'Bezahlt am',
    orderId: 'Bestellnummer',
    footer: (platform) => `${platform} · Vielen Dank für Ihr Vertrauen.`,
    creditNote: {
      title: 'Gutschrift',
      corrects: 'Ursprüngliche Rechnung',
      refundOf: (service) => `Erstattung · ${service}`,
      reason: 'Grund',
      refundedOn: 'Erstattet am',
      total: 'Erstatteter Gesamtbetrag',
    },
  },
};
