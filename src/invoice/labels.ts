/**
 * The invoice's wording in the five languages (French is the reference). A typed table rather than
 * i18next keys: the server renders the same PDF for the mail and has no i18next, and the browser
 * renders it offline without loading a locale part. Service and role names match the site's
 * (`pricing.offers`, `professions`).
 */
import type { Language } from '../domain/languages';
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
  description: string;
  amount: string;
  services: Record<ServiceKey, string>;
  roles: Record<'lawyer' | 'expat', string>;
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
};

export const INVOICE_LABELS: Record<Language, InvoiceLabels> = {
  fr: {
    title: 'Facture',
    number: 'Numéro',
    issuedOn: 'Date d’émission',
    seller: 'Émetteur',
    buyer: 'Client',
    vatId: 'N° de TVA',
    description: 'Désignation',
    amount: 'Montant',
    services: { lawyerCall: 'Appel avocat', expatCall: 'Appel expatrié aidant' },
    roles: { lawyer: 'Avocat', expat: 'Expatrié aidant' },
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
  },
  en: {
    title: 'Invoice',
    number: 'Number',
    issuedOn: 'Issue date',
    seller: 'From',
    buyer: 'Bill to',
    vatId: 'VAT number',
    description: 'Description',
    amount: 'Amount',
    services: { lawyerCall: 'Lawyer call', expatCall: 'Expat helper call' },
    roles: { lawyer: 'Lawyer', expat: 'Expat helper' },
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
  },
  es: {
    title: 'Factura',
    number: 'Número',
    issuedOn: 'Fecha de emisión',
    seller: 'Emisor',
    buyer: 'Cliente',
    vatId: 'N.º de IVA',
    description: 'Concepto',
    amount: 'Importe',
    services: { lawyerCall: 'Llamada con abogado', expatCall: 'Llamada con expatriado asesor' },
    roles: { lawyer: 'Abogado', expat: 'Expatriado asesor' },
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
  },
  ru: {
    title: 'Счёт',
    number: 'Номер',
    issuedOn: 'Дата выставления',
    seller: 'Продавец',
    buyer: 'Покупатель',
    vatId: 'Номер плательщика НДС',
    description: 'Наименование',
    amount: 'Сумма',
    services: { lawyerCall: 'Звонок адвокату', expatCall: 'Звонок эксперту-экспату' },
    roles: { lawyer: 'Адвокат', expat: 'Эксперт-экспат' },
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
  },
  de: {
    title: 'Rechnung',
    number: 'Rechnungsnummer',
    issuedOn: 'Rechnungsdatum',
    seller: 'Rechnungssteller',
    buyer: 'Rechnungsempfänger',
    vatId: 'USt-IdNr.',
    description: 'Leistung',
    amount: 'Betrag',
    services: { lawyerCall: 'Anruf beim Anwalt', expatCall: 'Anruf beim Expat-Helfer' },
    roles: { lawyer: 'Anwalt', expat: 'Expat-Helfer' },
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
  },
};
