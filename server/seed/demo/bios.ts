// The short bio on each demo profile: a few templates per language and role, filled in with the
// provider's facts and shortened (fewer specialties named) until it fits on a card.
import { EXPAT_CALL_MINUTES, LAWYER_CALL_MINUTES } from '../../../src/domain/constants';
import type { Language } from '../../../src/domain/languages';
import type { Profession, ProviderRole } from '../../../src/domain/professions';
import type { Specialty } from '../../../src/domain/specialties';
import { countryInfo } from './countries';
import { PROFESSION_NOUNS } from './professions';
import type { Rng } from './random';
import { SPECIALTY_LABELS } from './specialty-labels';
import { capitalize, joinList, minutesText, withArticle, yearsText } from './text';
import type { DemoGender } from './types';

type BioContext = {
  first: string;
  gender: DemoGender;
  noun: string;
  where: string;
  years: string;
  expatYears: string;
  minutes: string;
  specs: string;
};

type BioTemplate = (c: BioContext) => string;

const LAWYER_BIOS: Record<Language, readonly BioTemplate[]> = {
  fr: [
    (c) =>
      `${capitalize(c.noun)} ${c.where} depuis ${c.years}, j'accompagne les expatriés et les voyageurs. Mes domaines : ${c.specs}. Je vous explique vos droits simplement et vous aide à agir vite.`,
    (c) =>
      `Bonjour, je suis ${c.first}, ${c.noun} ${c.where}, avec ${c.years} d'expérience. Spécialités : ${c.specs}. En ${c.minutes}, nous faisons le point et je vous indique les prochaines étapes concrètes.`,
    (c) =>
      `Un souci juridique ${c.where} ? ${c.gender === 'f' ? 'Forte' : 'Fort'} de ${c.years} d'expérience, je conseille les étrangers au quotidien. Dossiers fréquents : ${c.specs}. Écoute, clarté et réactivité.`,
  ],
  en: [
    (c) =>
      `I have been ${withArticle(c.noun)} ${c.where} for ${c.years}, helping expats and travellers who need clear answers fast. My main areas: ${c.specs}. I explain your options in plain English.`,
    (c) =>
      `Hi, I'm ${c.first}, ${withArticle(c.noun)} based ${c.where} with ${c.years} of experience in ${c.specs}. In ${c.minutes} on the phone we review your situation and agree on the next practical steps.`,
    (c) =>
      `Legal trouble ${c.where}? I have spent ${c.years} helping foreigners with ${c.specs}. Expect honest advice, a calm voice and a clear plan of action.`,
  ],
  es: [
    (c) =>
      `${capitalize(c.noun)} ${c.where} desde hace ${c.years}, acompaño a expatriados y viajeros que necesitan respuestas claras. Mis áreas: ${c.specs}. Le explico sus derechos con palabras sencillas.`,
    (c) =>
      `Hola, soy ${c.first}, ${c.noun} ${c.where} con ${c.years} de experiencia. Especialidades: ${c.specs}. En ${c.minutes} analizamos su caso y le propongo los siguientes pasos.`,
    (c) =>
      `¿Un problema legal ${c.where}? Llevo ${c.years} ayudando a extranjeros; mis temas habituales: ${c.specs}. Cercanía, rigor y rapidez: así trabajo.`,
  ],
  ru: [
    (c) =>
      `${capitalize(c.noun)} ${c.where}, опыт работы ${c.years}. Помогаю экспатам и путешественникам быстро разобраться в ситуации. Основные направления: ${c.specs}.`,
    (c) =>
      `Здравствуйте, меня зовут ${c.first}. Я ${c.noun} ${c.where}, работаю уже ${c.years}. Специализация: ${c.specs}. За ${c.minutes} разберём ваш вопрос и наметим конкретный план действий.`,
    (c) =>
      `Юридическая проблема ${c.where}? Уже ${c.years} я помогаю иностранцам в таких вопросах, как ${c.specs}. Объясняю просто и отвечаю честно.`,
  ],
  de: [
    (c) =>
      `Als ${c.noun} ${c.where} begleite ich seit ${c.years} Expats und Reisende. Meine Schwerpunkte: ${c.specs}. Ich erkläre Ihnen Ihre Rechte verständlich und ohne Fachchinesisch.`,
    (c) =>
      `Guten Tag, ich bin ${c.first}, ${c.noun} ${c.where} mit ${c.years} Erfahrung. Schwerpunkte: ${c.specs}. In ${c.minutes} klären wir gemeinsam Ihre Lage und die nächsten Schritte.`,
    (c) =>
      `Rechtliche Sorgen ${c.where}? Seit ${c.years} unterstütze ich Ausländer, vor allem bei: ${c.specs}. Sie bekommen eine ehrliche Einschätzung und einen klaren Plan.`,
  ],
};

const EXPAT_BIOS: Record<Language, readonly BioTemplate[]> = {
  fr: [
    (c) =>
      `${c.gender === 'f' ? 'Installée' : 'Installé'} ${c.where} depuis ${c.expatYears}, je connais bien les démarches qui attendent les nouveaux arrivants. Je peux vous aider pour : ${c.specs}. Appelez-moi, même pour une petite question !`,
    (c) =>
      `Bonjour, moi c'est ${c.first} ! ${capitalize(c.noun)} ${c.where}, j'y vis depuis ${c.expatYears}. Je vous aide concrètement : ${c.specs}. En ${c.minutes}, on trouve ensemble la solution la plus simple.`,
    (c) =>
      `J'ai moi-même connu les galères de l'expatriation : je vis ${c.where} depuis ${c.expatYears}. Mes points forts : ${c.specs}. Je réponds avec patience et bonne humeur.`,
  ],
  en: [
    (c) =>
      `I have lived ${c.where} for ${c.expatYears} and know the local system inside out. I can help with ${c.specs}. Call me, even for a quick question!`,
    (c) =>
      `Hi, I'm ${c.first}, ${withArticle(c.noun)} living ${c.where} for ${c.expatYears}. I help newcomers with ${c.specs}, so you can settle in without stress. In ${c.minutes} we will find the simplest way forward.`,
    (c) =>
      `Being new ${c.where} can feel overwhelming; I went through it myself ${c.expatYears} ago. Today I support expats with ${c.specs}, with patience and a good sense of humour.`,
  ],
  es: [
    (c) =>
      `${c.gender === 'f' ? 'Instalada' : 'Instalado'} ${c.where} desde hace ${c.expatYears}, conozco bien los trámites que esperan a los recién llegados. Le ayudo con: ${c.specs}. ¡Llámeme, aunque sea para una pregunta rápida!`,
    (c) =>
      `¡Hola! Soy ${c.first}, ${c.noun} ${c.where}, donde vivo desde hace ${c.expatYears}. Le ayudo con: ${c.specs}. En ${c.minutes} encontramos juntos la solución más sencilla.`,
    (c) =>
      `Sé lo que es empezar de cero: llevo ${c.expatYears} viviendo ${c.where}. Hoy ayudo a otros expatriados con: ${c.specs}. Paciencia, buen humor y soluciones prácticas.`,
  ],
  ru: [
    (c) =>
      `Я живу ${c.where} уже ${c.expatYears} и хорошо знаю, с чем сталкиваются новички. Помогу с такими вопросами, как ${c.specs}. Звоните, даже если вопрос кажется мелким!`,
    (c) =>
      `Здравствуйте, меня зовут ${c.first}! Я ${c.noun}, уже ${c.expatYears} живу ${c.where}. Помогаю по темам: ${c.specs}. За ${c.minutes} найдём самое простое решение.`,
    (c) =>
      `Я ${c.gender === 'f' ? 'сама когда-то начинала' : 'сам когда-то начинал'} с нуля, а теперь уже ${c.expatYears} живу ${c.where}. Помогаю экспатам: ${c.specs}. Терпеливо, доброжелательно и по делу.`,
  ],
  de: [
    (c) =>
      `Ich lebe seit ${c.expatYears} ${c.where} und kenne die typischen Hürden für Neuankömmlinge. Ich helfe Ihnen bei: ${c.specs}. Rufen Sie an, auch bei kleinen Fragen!`,
    (c) =>
      `Hallo, ich bin ${c.first}, ${c.noun} und seit ${c.expatYears} ${c.where} zu Hause. Meine Themen: ${c.specs}. In ${c.minutes} finden wir gemeinsam den einfachsten Weg.`,
    (c) =>
      `Ich weiß, wie es ist, neu anzufangen: Vor ${c.expatYears} bin ich selbst ausgewandert. Heute unterstütze ich Expats ${c.where} bei: ${c.specs}. Geduldig, freundlich und lösungsorientiert.`,
  ],
};

const BIO_MAX = 400;

export type BioInput = {
  role: ProviderRole;
  profession: Profession;
  lang: Language;
  gender: DemoGender;
  first: string;
  country: string;
  years: number;
  expatYears: number;
  specialties: readonly Specialty[];
};

export function writeBio(input: BioInput, rng: Rng): string {
  const { lang } = input;
  const template = rng.pick(input.role === 'lawyer' ? LAWYER_BIOS[lang] : EXPAT_BIOS[lang]);
  const minutes = input.role === 'lawyer' ? LAWYER_CALL_MINUTES : EXPAT_CALL_MINUTES;
  const labels = input.specialties.map((s) => SPECIALTY_LABELS[s][lang]);
  // Fewer specialties in words if the text would be too long for a card.
  for (let count = labels.length; ; count--) {
    const bio = template({
      first: input.first,
      gender: input.gender,
      noun: PROFESSION_NOUNS[input.profession][lang][input.gender],
      where: countryInfo(input.country).where[lang],
      years: yearsText(input.years, lang),
      expatYears: yearsText(input.expatYears, lang),
      minutes: minutesText(minutes, lang),
      specs: joinList(labels.slice(0, count), lang),
    });
    if (bio.length <= BIO_MAX || count <= 1) return bio;
  }
}
