// Client reviews for the demo profiles. The same text can land on several providers, of either
// gender and of any profession within the role, so no text names the provider, their job title or
// their gender (hence the impersonal turns in Russian and Spanish); only the author's own words
// agree with the author's name. Each text's place names match the review's country.
import type { Language } from '../../../src/domain/languages';

export type ReviewText = { author: string; country: string; rating: 3 | 4 | 5; text: string };

/** Reviews as clients write them after a call, in their own language, by the kind of provider. */
export const REVIEW_TEXTS: Record<'lawyer' | 'expat', Record<Language, ReviewText[]>> = {
  lawyer: {
    fr: [
      {
        author: 'Claire M.',
        country: 'ID',
        rating: 5,
        text: "Mon propriétaire à Canggu refusait de me rendre ma caution de 10 millions de roupies en invoquant des réparations imaginaires. J'ai été rappelée en moins de dix minutes et j'ai raccroché avec un modèle de courrier et les bons arguments. La caution m'a été rendue la semaine suivante.",
      },
      {
        author: 'Thomas B.',
        country: 'MA',
        rating: 5,
        text: "Mon frère a été placé en garde à vue à Marrakech après une altercation dans un bar. En pleine nuit, j'ai enfin eu quelqu'un qui m'a expliqué calmement ses droits, combien de temps on pouvait le retenir et comment trouver un avocat sur place.",
      },
      {
        author: 'Nathalie R.',
        country: 'AE',
        rating: 4,
        text: "J'avais dépassé mon visa de quatre jours à Dubaï à cause d'un vol annulé. Conseils précis sur l'amende et sur ce qu'il fallait présenter à l'aéroport : tout s'est passé comme prévu. J'aurais juste aimé un peu plus de temps pour parler du visa de résident.",
      },
      {
        author: 'Julien D.',
        country: 'ES',
        rating: 5,
        text: "Accrochage avec ma voiture de location près de Valence, et l'autre conducteur voulait me faire signer un constat rédigé en espagnol. On m'a dit exactement quoi cocher, quoi refuser et quoi photographier. Ça valait largement le prix de l'appel.",
      },
      {
        author: 'Sophie L.',
        country: 'CA',
        rating: 5,
        text: "Mon employeur à Montréal voulait modifier mon contrat de travail pendant ma période de probation. J'ai compris en quelques minutes ce qu'il pouvait m'imposer ou non, et j'ai pu négocier sereinement.",
      },
      {
        author: 'Karim H.',
        country: 'PT',
        rating: 4,
        text: "Divorce entre Lisbonne et Lyon avec deux enfants : je ne savais même pas quel tribunal était compétent. Les explications étaient claires et m'ont évité de lancer la procédure au mauvais endroit. Il faudra un second appel pour la pension alimentaire, mais vu la complexité, c'est normal.",
      },
      {
        author: 'Élodie V.',
        country: 'TH',
        rating: 5,
        text: "Victime de l'arnaque au jet-ski à Phuket : on me réclamait 30 000 bahts pour une rayure qui existait déjà. Rappel rapide, ton rassurant et des conseils concrets pour aller voir la police touristique. Au final, je n'ai rien payé.",
      },
      {
        author: 'Marc-Antoine G.',
        country: 'TR',
        rating: 5,
        text: "À l'aéroport d'Istanbul, la douane a saisi le matériel photo que je venais d'acheter pour un tournage. J'ai su quels justificatifs présenter et comment demander la restitution, et j'ai tout récupéré quatre jours plus tard. Appel court, mais redoutablement efficace.",
      },
    ],
    en: [
      {
        author: 'Sarah K.',
        country: 'AE',
        rating: 5,
        text: "My landlord in Dubai was keeping my deposit for 'wear and tear' that was there before I moved in. I got a call back within fifteen minutes and a clear plan: a formal notice first, then the Rental Dispute Centre if needed. He paid up before it got that far.",
      },
      {
        author: 'James O.',
        country: 'MX',
        rating: 5,
        text: 'My son was detained by police in Playa del Carmen after a fight outside a club. At 2 a.m. I had someone on the phone who explained what would happen over the next 48 hours and what to ask the consulate. Worth every penny.',
      },
      {
        author: 'Priya S.',
        country: 'JP',
        rating: 4,
        text: "I overstayed my visa in Japan by a week after a stay in hospital and was terrified of being banned. The advice on what to bring to the immigration bureau was spot on. I'd have liked a bit more time to go over the re-entry question, though.",
      },
      {
        author: 'Daniel W.',
        country: 'TH',
        rating: 5,
        text: "Had a scooter collision in Chiang Mai and the other rider's family wanted cash on the spot. The call cleared up who was actually at fault and how to go through my insurance instead. Calm, practical and exactly what I needed.",
      },
      {
        author: 'Aisha N.',
        country: 'DE',
        rating: 5,
        text: "I was about to sign a job contract in Hamburg with a non-compete clause I didn't really understand. Every clause was explained in plain English, and I went back to HR and had the non-compete dropped.",
      },
      {
        author: 'Michael T.',
        country: 'ES',
        rating: 3,
        text: "A useful overview of how a divorce filed in Spain would be recognised back in the US, but a fair bit of it I could have found online. The callback took almost two hours, which felt long when you're stressed. Sound advice, just not the breakthrough I was hoping for.",
      },
      {
        author: 'Olivia R.',
        country: 'ID',
        rating: 5,
        text: 'I paid a deposit on a villa in Bali that turned out not to exist. I was told straight away which reports to file and how to ask my bank for a chargeback, and I got most of the money back. Quick, honest and no jargon.',
      },
      {
        author: 'Ben H.',
        country: 'BR',
        rating: 5,
        text: 'Brazilian customs held a parcel of medication prescribed by my doctor back home. After one call I knew which documents to submit and how to word the request, and the parcel was released the following week.',
      },
    ],
    es: [
      {
        author: 'Lucía F.',
        country: 'PT',
        rating: 5,
        text: 'El casero de mi piso en Oporto no quería devolverme la fianza por unos desperfectos que ya estaban cuando entré. Me devolvieron la llamada enseguida y me dieron los pasos exactos, con plazos incluidos. Recuperé el dinero sin tener que ir a juicio.',
      },
      {
        author: 'Andrés M.',
        country: 'US',
        rating: 5,
        text: 'Detuvieron a mi primo en Miami por un malentendido con una tarjeta de crédito. Me explicaron con mucha calma qué derechos tenía, cómo funciona allí la fianza y qué no debía decir por teléfono. Muy agradecido.',
      },
      {
        author: 'Valentina R.',
        country: 'ES',
        rating: 4,
        text: 'Me pasé unos días del plazo de estancia en España por un problema con el vuelo de vuelta y tenía miedo de que me prohibieran volver. La consulta fue clara y práctica: qué papeles llevar al aeropuerto y cómo justificar el retraso. Me habría venido bien algo más de tiempo para las dudas.',
      },
      {
        author: 'Javier P.',
        country: 'MA',
        rating: 5,
        text: 'Tuve un accidente con el coche en Tánger y el otro conductor quería arreglarlo en efectivo. Me aconsejaron no firmar nada sin el atestado de la policía y me explicaron cómo dar parte a mi seguro español. Mereció la pena cada euro.',
      },
      {
        author: 'Carolina G.',
        country: 'CA',
        rating: 5,
        text: 'Me ofrecieron un contrato en Toronto con unas condiciones que no entendía bien, sobre todo lo de las horas extra. Colgué sabiendo exactamente qué pedir que cambiaran, y lo conseguí.',
      },
      {
        author: 'Sergio L.',
        country: 'MX',
        rating: 4,
        text: 'Me estoy divorciando desde Ciudad de México y mi mujer vive en Madrid. Me aclararon qué país tiene competencia y qué pasa con la custodia de los niños. Muy buena orientación, aunque me quedan preguntas para otra llamada.',
      },
      {
        author: 'Marta S.',
        country: 'TR',
        rating: 5,
        text: 'En un restaurante de Estambul me cobraron una cuenta disparatada y no me dejaban irme sin pagar. Me explicaron cómo denunciarlo ante la policía turística y qué decirle al banco. Respuesta rápida y en español, algo que en ese momento agradecí muchísimo.',
      },
      {
        author: 'Diego A.',
        country: 'AE',
        rating: 5,
        text: 'En la aduana de Dubái me retuvieron unos medicamentos que llevaba con receta. En pocos minutos supe qué documentos presentar y a quién dirigirme, y al día siguiente los recuperé.',
      },
    ],
    ru: [
      {
        author: 'Анна К.',
        country: 'ES',
        rating: 5,
        text: 'Хозяйка квартиры в Аликанте не хотела возвращать залог, ссылаясь на «ремонт». Перезвонили буквально через десять минут, объяснили, на что ссылаться, и помогли составить письмо. Через неделю деньги вернули.',
      },
      {
        author: 'Дмитрий С.',
        country: 'TH',
        rating: 5,
        text: 'Моего брата задержала полиция на Пхукете после ссоры в баре. Ночью по телефону спокойно объяснили, какие у него права, сколько его могут держать и как связаться с консульством. Очень помогло не наделать глупостей.',
      },
      {
        author: 'Ольга В.',
        country: 'ID',
        rating: 4,
        text: 'Просрочила визу на Бали на пять дней, потому что заболел ребёнок. Чётко рассказали, какой будет штраф и что говорить в иммиграционной службе, всё прошло спокойно. Хотелось бы чуть больше времени, чтобы обсудить визу на следующий год.',
      },
      {
        author: 'Игорь М.',
        country: 'TR',
        rating: 5,
        text: 'Попал в ДТП на арендованной машине в Анталье, второй водитель требовал подписать бумаги на турецком. По пунктам объяснили, что подписывать, а что нет, и как оформить всё через страховку прокатной компании. Консультация стоит своих денег.',
      },
      {
        author: 'Екатерина Л.',
        country: 'DE',
        rating: 5,
        text: 'Перед подписанием трудового договора в Мюнхене хотела разобраться с пунктами о сверхурочных и испытательном сроке. Всё объяснили по-русски и без лишних терминов, в итоге я добилась более честных условий.',
      },
      {
        author: 'Сергей Н.',
        country: 'CY',
        rating: 4,
        text: 'Развожусь с женой, живём в Лимассоле, а брак регистрировали в Москве. Теперь понимаю, где подавать, как будут решать вопрос с ребёнком и какие документы нужно апостилировать. Понадобится ещё одна консультация, но первый шаг ясен.',
      },
      {
        author: 'Марина П.',
        country: 'VN',
        rating: 5,
        text: 'В Нячанге внесла предоплату за квартиру через посредника, который потом пропал. Подсказали, куда писать заявление и как вернуть деньги через банк. Часть суммы уже вернули, дальше действую по плану.',
      },
      {
        author: 'Алексей Б.',
        country: 'GE',
        rating: 5,
        text: 'На таможне в Тбилиси задержали моё рабочее оборудование — ноутбуки и камеры. Объяснили, какие документы показать и как доказать, что это не на продажу. Всё отдали через три дня, звонок окупился полностью.',
      },
    ],
    de: [
      {
        author: 'Katrin S.',
        country: 'PT',
        rating: 5,
        text: 'Mein Vermieter in Lissabon wollte die Kaution wegen angeblicher Schäden einbehalten. Rückruf innerhalb einer Viertelstunde, dazu eine klare Einschätzung und ein Musterschreiben. Zwei Wochen später war das Geld auf meinem Konto.',
      },
      {
        author: 'Markus W.',
        country: 'TH',
        rating: 5,
        text: 'Mein Sohn wurde in Bangkok nach einem Streit in einer Bar festgenommen. Mitten in der Nacht bekam ich ruhige, verständliche Antworten: welche Rechte er hat, wie lange man ihn festhalten darf und was die Botschaft tun kann. Das hat uns sehr geholfen.',
      },
      {
        author: 'Anja H.',
        country: 'US',
        rating: 4,
        text: 'Wegen eines verschobenen Rückflugs hatte ich meinen ESTA-Aufenthalt in den USA um drei Tage überzogen. Im Gespräch wurde mir genau erklärt, was das für künftige Einreisen bedeutet und wie ich die Verspätung belege. Ich hätte mir nur etwas mehr Zeit für Nachfragen gewünscht.',
      },
      {
        author: 'Stefan K.',
        country: 'ES',
        rating: 5,
        text: 'Auffahrunfall mit dem Mietwagen auf Mallorca, und die Gegenseite wollte den Unfallbericht mit ihrer eigenen Version ausfüllen. Danach wusste ich genau, was ich ankreuzen und was ich auf keinen Fall unterschreiben sollte. Jeden Cent wert.',
      },
      {
        author: 'Julia B.',
        country: 'CH',
        rating: 5,
        text: 'Vor meinem Wechsel nach Zürich hatte ich Fragen zur Kündigungsfrist und zum Konkurrenzverbot im Arbeitsvertrag. Sachlich und verständlich erklärt, ich konnte danach gezielt nachverhandeln.',
      },
      {
        author: 'Thomas R.',
        country: 'TR',
        rating: 4,
        text: 'Meine Frau und ich lassen uns scheiden, wir leben in Izmir, geheiratet haben wir in Köln. Jetzt weiß ich, welches Gericht zuständig ist und was beim Unterhalt auf mich zukommt. Für die Details brauche ich sicher noch einen Termin, aber der Überblick war Gold wert.',
      },
      {
        author: 'Sabine L.',
        country: 'MX',
        rating: 5,
        text: 'In Cancún hatte man mir einen Timesharing-Vertrag aufgeschwatzt, die Anzahlung war schon weg. Ich habe erfahren, wie ich zurücktrete und welche Frist dafür gilt, und das Geld kam zurück. Schnell, klar und ohne Fachchinesisch.',
      },
      {
        author: 'Jens P.',
        country: 'ID',
        rating: 5,
        text: 'Der Zoll in Jakarta hielt eine Lieferung Ersatzteile für meine Firma fest. Nach dem Gespräch wusste ich, welche Unterlagen fehlten und wie ich die Freigabe beantrage. Kurz, präzise, das Geld wert.',
      },
    ],
  },
  expat: {
    fr: [
      {
        author: 'Camille P.',
        country: 'JP',
        rating: 5,
        text: "Ma fille avait de la fièvre depuis trois jours à Osaka et je ne savais pas où l'emmener. Pendant l'appel, j'ai obtenu les coordonnées de deux cliniques où l'on parle anglais, et même la phrase à dire en japonais à l'accueil.",
      },
      {
        author: 'Antoine R.',
        country: 'PT',
        rating: 5,
        text: "Ouvrir un compte bancaire à Porto me semblait impossible sans NIF. On a repris toute la marche à suivre dans l'ordre, avec les banques qui acceptent les nouveaux arrivants. Compte ouvert en une semaine.",
      },
      {
        author: 'Laure B.',
        country: 'CA',
        rating: 5,
        text: "Nous arrivions à Vancouver en pleine année scolaire avec deux enfants. L'appel nous a permis de comprendre le fonctionnement des conseils scolaires, les papiers à préparer et la possibilité d'une école francophone. Nous nous sommes sentis beaucoup moins perdus.",
      },
      {
        author: 'Mehdi A.',
        country: 'TH',
        rating: 4,
        text: "Passeport perdu à Koh Phangan, avion dans cinq jours. On m'a expliqué les étapes au commissariat puis au consulat à Bangkok, avec la liste des pièces à apporter. Efficace, même si j'aurais aimé un peu plus de temps pour parler du vol retour.",
      },
      {
        author: 'Isabelle F.',
        country: 'ES',
        rating: 5,
        text: "Je cherchais un appartement à Barcelone et on me demandait six mois de loyer d'avance. J'ai appris ce qui est légal et ce qui ne l'est pas, et comment présenter mon dossier. Des conseils concrets qui valent vraiment le prix de l'appel.",
      },
      {
        author: 'Yannick D.',
        country: 'MX',
        rating: 5,
        text: "Impossible d'obtenir un rendez-vous à l'INM de Mérida pour ma carte de résident. J'ai enfin compris comment fonctionne la prise de rendez-vous et quels papiers faire traduire avant. Rappel rapide et échange très clair.",
      },
      {
        author: 'Hélène C.',
        country: 'AE',
        rating: 4,
        text: "Je devais échanger mon permis de conduire français à Dubaï. Toutes les étapes m'ont été expliquées clairement, du test de vue jusqu'au passage au centre de la RTA. Seul bémol : le rappel a mis un peu de temps à venir.",
      },
      {
        author: 'Olivier M.',
        country: 'VN',
        rating: 5,
        text: "Installé à Da Nang depuis peu, j'hésitais entre une assurance santé locale et une internationale. Comparaison honnête, sans chercher à me vendre quoi que ce soit, et en français, ce qui change tout.",
      },
    ],
    en: [
      {
        author: 'Emma J.',
        country: 'DE',
        rating: 5,
        text: "I needed an English-speaking GP in Berlin for my son's asthma, and every practice said it wasn't taking new patients. I came away with a shortlist of practices that actually do, plus tips on booking online. He was seen within the week.",
      },
      {
        author: 'Ryan C.',
        country: 'AE',
        rating: 5,
        text: 'Opening a bank account in Dubai before my Emirates ID arrived seemed impossible. The call walked me through which banks would do it and exactly what to bring. Account open in three days.',
      },
      {
        author: 'Hannah L.',
        country: 'ES',
        rating: 5,
        text: 'Enrolling our two kids in a state school in Málaga was a maze of padrón certificates and deadlines. Everything was laid out in the right order, and the tips on schools with good English support were really useful.',
      },
      {
        author: 'Tom G.',
        country: 'VN',
        rating: 5,
        text: "Lost my passport on a night bus in Vietnam with a flight home four days later. Clear, step-by-step help: police report, photos, the embassy appointment in Hanoi and the exit visa I didn't even know I needed. Made my flight.",
      },
      {
        author: 'Chloe W.',
        country: 'PT',
        rating: 4,
        text: 'Finding a flat in Lisbon as a foreigner felt rigged. I got solid advice on which sites to use, what a fiador is and how to spot the usual scams. The call flew by, and I could have used a little more time.',
      },
      {
        author: 'David M.',
        country: 'ID',
        rating: 3,
        text: 'Helpful on the general KITAS process in Bali, but some details about the sponsor letter turned out to be out of date when I got to the immigration office. Quick callback and a friendly attitude. A decent starting point, just double-check the specifics.',
      },
      {
        author: 'Grace T.',
        country: 'JP',
        rating: 5,
        text: 'Converting my US licence in Tokyo means a written test, a driving test and a pile of translations. I got a realistic timeline, the full list of documents and tips for the practical test. Passed on my second try, which apparently is good going.',
      },
      {
        author: 'Mark A.',
        country: 'TH',
        rating: 5,
        text: 'I retired to Hua Hin and needed health insurance that would still cover me past 70. Honest comparison of what local and international plans actually pay out, no sales pitch. Well worth the money.',
      },
    ],
    es: [
      {
        author: 'Paula N.',
        country: 'US',
        rating: 5,
        text: 'Mi madre se puso mala en Orlando durante las vacaciones y no sabíamos si ir a urgencias o a una clínica. Nos explicaron la diferencia de precio y nos dieron una clínica donde hablaban español. Nos ahorró mucho dinero y muchos nervios.',
      },
      {
        author: 'Martín O.',
        country: 'DE',
        rating: 5,
        text: 'Para abrir una cuenta en Alemania me pedían la Anmeldung, y para la Anmeldung, un contrato de alquiler. Me explicaron cómo salir de ese círculo y qué banco online aceptaba mi situación. Clarísimo.',
      },
      {
        author: 'Laura C.',
        country: 'CA',
        rating: 5,
        text: 'Llegamos a Montreal con dos niños y no entendíamos nada del sistema escolar. Nos aclararon por qué tenían que ir a una escuela francófona, qué papeles preparar y cómo funcionan las clases de acogida. Colgamos con un plan claro.',
      },
      {
        author: 'Fernando T.',
        country: 'IT',
        rating: 5,
        text: 'Me robaron el pasaporte en el metro de Roma dos días antes de volver a Buenos Aires. Me indicaron dónde hacer la denuncia, cómo pedir cita urgente en el consulado y qué documento provisional solicitar. Llegué a tiempo a mi vuelo.',
      },
      {
        author: 'Gabriela M.',
        country: 'FR',
        rating: 5,
        text: 'Alquilar un piso en Lyon siendo extranjera y sin aval francés parecía imposible. Me hablaron de la garantía Visale y de cómo preparar el expediente, y a las tres semanas firmé el contrato. Muy buena relación calidad-precio.',
      },
      {
        author: 'Rodrigo V.',
        country: 'ES',
        rating: 4,
        text: 'Conseguir cita para la huella del TIE en Madrid es una lotería. Me dieron trucos concretos para encontrar hueco y me dijeron qué llevar para no tener que volver. Tardaron un poco en devolverme la llamada, pero mereció la pena.',
      },
      {
        author: 'Carmen D.',
        country: 'MA',
        rating: 5,
        text: 'Vivo en Rabat desde hace un año y tenía que canjear mi carné de conducir español. Me explicaron los plazos, el certificado que hay que pedir a la DGT y dónde traducirlo. Todo muy claro, y en español.',
      },
      {
        author: 'Ana B.',
        country: 'BR',
        rating: 4,
        text: 'En São Paulo no sabía si me convenía contratar un plan de salud privado o tirar del SUS. La explicación fue honesta y me ayudó a decidir, aunque me habría gustado entrar más a fondo en los periodos de carencia de cada plan.',
      },
    ],
    ru: [
      {
        author: 'Наталья Г.',
        country: 'TH',
        rating: 5,
        text: 'Ребёнок заболел в Паттайе, а в ближайшей клинике толком никто не говорил по-английски. Прямо во время звонка дали контакты больницы с русскоязычным персоналом и подсказали, как обратиться по страховке. Всё решилось в тот же день.',
      },
      {
        author: 'Павел Д.',
        country: 'TR',
        rating: 5,
        text: 'Полгода не мог открыть счёт в Турции: то нужен ВНЖ, то налоговый номер. За один звонок всё разложили по шагам и подсказали, в каком банке реально открыть счёт с моими документами. Через неделю счёт был.',
      },
      {
        author: 'Елена Ж.',
        country: 'ES',
        rating: 5,
        text: 'Устраивали дочку в школу в Валенсии и совсем запутались с эмпадронамьенто и сроками подачи. Объяснили, какие нужны документы, чем государственная школа отличается от полугосударственной (concertada) и когда подавать заявление. Спасибо, очень по делу.',
      },
      {
        author: 'Артём К.',
        country: 'RS',
        rating: 5,
        text: 'Потерял загранпаспорт в Белграде. Подсказали, как записаться в консульство, какие фото и справки нужны и что делать, пока нет нового документа. Всё заняло меньше времени, чем я боялся.',
      },
      {
        author: 'Ирина С.',
        country: 'ME',
        rating: 4,
        text: 'Искала квартиру в Баре на долгий срок, а хозяева хотели оплату за полгода вперёд и без договора. Объяснили, как оформить договор, чтобы потом получить ВНЖ, и на что смотреть при осмотре. Очень полезно, хотя времени на вопросы не хватило.',
      },
      {
        author: 'Виктор Л.',
        country: 'ID',
        rating: 5,
        text: 'Никак не получалось записаться на биометрию для KITAS на Бали. Перезвонили быстро, объяснили всё по-русски, понятно и без воды. Через неделю уже сдал отпечатки.',
      },
      {
        author: 'Юлия Т.',
        country: 'DE',
        rating: 5,
        text: 'Нужно было обменять российские права в Берлине, пока не истекли полгода. Рассказали, какие документы собрать, где заказать перевод и какие экзамены придётся сдавать. Консультация стоила своих денег.',
      },
      {
        author: 'Михаил Р.',
        country: 'AM',
        rating: 5,
        text: 'Переехал с семьёй в Ереван и не понимал, какую медицинскую страховку брать. Вместе сравнили несколько вариантов и разобрали, что реально покрывается, а что нет. Звонок окупился.',
      },
    ],
    de: [
      {
        author: 'Lena M.',
        country: 'GR',
        rating: 5,
        text: 'Mein Mann hatte auf Kreta starke Zahnschmerzen, und wir brauchten dringend eine Praxis, in der jemand Deutsch oder Englisch spricht. Noch während des Gesprächs hatten wir zwei Adressen und wussten, wie das mit der Reiseversicherung abläuft. Sehr schnell und unkompliziert.',
      },
      {
        author: 'Florian S.',
        country: 'TH',
        rating: 5,
        text: 'Ein Konto in Thailand ohne Work Permit zu eröffnen, klang aussichtslos. Ich bekam eine klare Liste: welche Bank, welche Filiale, welche Bescheinigung von der Botschaft. Hat beim ersten Versuch geklappt.',
      },
      {
        author: 'Miriam K.',
        country: 'AE',
        rating: 5,
        text: 'Für unseren Umzug nach Dubai suchten wir eine Schule mit deutschsprachigem Angebot. Im Gespräch haben wir erfahren, wie die Anmeldung an den Privatschulen läuft und welche Fristen wirklich zählen. Gut vorbereitet und sehr freundlich.',
      },
      {
        author: 'Tobias N.',
        country: 'PE',
        rating: 5,
        text: 'Reisepass in Cusco gestohlen, Rückflug in einer Woche. Danach wusste ich genau, was ich bei der Polizei brauche und wie ich schnell einen Termin bei der Botschaft in Lima bekomme. Ohne diese Hilfe wäre ich aufgeschmissen gewesen.',
      },
      {
        author: 'Sandra W.',
        country: 'PT',
        rating: 5,
        text: 'Wohnungssuche in Faro: Ich wollte wissen, ob ein Mietvertrag ohne Meldung beim Finanzamt ein Problem ist. Klare Antwort, dazu Tipps zur Besichtigung und zur Kaution. Ein Anruf, der sich wirklich gelohnt hat.',
      },
      {
        author: 'Ralf D.',
        country: 'CY',
        rating: 4,
        text: 'Für meine Anmeldung als EU-Bürger auf Zypern, den berühmten Yellow Slip, fehlten mir ständig Unterlagen. Jetzt habe ich die vollständige Liste und weiß, wie ich online einen Termin bekomme. Der Rückruf hat etwas gedauert, die Auskunft war aber top.',
      },
      {
        author: 'Nina B.',
        country: 'CA',
        rating: 5,
        text: 'Meinen deutschen Führerschein in Ontario umschreiben zu lassen, war einfacher als gedacht, wenn man weiß, wie. Hinterher wusste ich genau, welche Bestätigung ich vom Konsulat brauche und was ich zu ServiceOntario mitnehmen muss.',
      },
      {
        author: 'Uwe H.',
        country: 'ES',
        rating: 5,
        text: 'Als Rentner in Alicante wollte ich wissen, ob ich über meine deutsche Rente in die spanische Krankenversicherung komme. Das Formular S1 und den Weg dorthin habe ich jetzt schwarz auf weiß. Kompetent, geduldig und auf Deutsch.',
      },
    ],
  },
};
