// Words that say nothing about a question's topic, per language, removed before retrieval so that
// "how do I…" matches no article by itself. Short, hand-written lists (lower case, as typed).
import type { Language } from '@gridfront/contracts';

const words = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

export const STOP_WORDS: Record<Language, Set<string>> = {
  en: words(`a an the and or but if of to in on at by for from with about into over under as is are was
    were be been being am do does did doing have has had having i me my mine we our us you your yours he she
    it its they them their this that these those what whats which who whom whose when where why how can
    could would should will shall may might must there here not no yes so than too very just also any some
    all each more most much many get got give tell know want need please hi hello hey thanks thank ok okay
    im ive id dont doesnt didnt cant isnt arent wont u ur pls plz does anything something someone whether
    then else ever`),
  es: words(`a al algo algun alguna como cómo con contra cual cuál cuales cuando cuándo de del desde donde
    dónde e el él ella ellos en entre era es esa ese eso esta está estan están este esto hay la las le les
    lo los me mi mis muy más mas nada ni no nos o para pero por porque qué que quien quién se si sí sin
    sobre son su sus también te tengo tiene tu tú tus un una uno unos y ya yo hola gracias puedo puede
    quiero saber necesito hacer hago favor cuanto cuánto cuanta cuánta q tan doy toda todo
    todos todas va
    xq pq porq k x xfa pa tb tmb`),
  de: words(`der die das den dem des ein eine einen einem einer eines und oder aber wenn als an auf aus bei
    bin bis da damit dass du er es für fur hat habe haben hatte ich ihr im in ist ja kann können konnen
    mein meine meinen meinem meiner mich mir mit nach nicht noch nur ob sie sind so um uns von vor war was
    wann warum wie wo wer welche welcher welches wir zu zum zur hallo danke bitte muss möchte mochte gibt
    es man sich auch schon mal denn doch wen wem fürs fuers ganz ganzen wird
    werden`),
  ta: words(`என்ன எப்படி எங்கே எப்போது ஏன் யார் எது எந்த என் எனது நான் நீங்கள் உங்கள் இது அது ஒரு மற்றும்
    அல்லது இல் ஆக உள்ள உள்ளது இருக்கு இருக்கிறது வேண்டும் செய்வது செய்ய முடியுமா தயவுசெய்து வணக்கம் நன்றி
    கிட்ட சொல்லுங்க சொல்லுங்கள் பற்றி எவ்வளவு எவ்ளோ உண்டா இருக்கா ஏதாவது எப்படிப் என்னென்ன
    இந்த அந்த இவ்வளவு அவ்வளவு`),
};

/** Words customers write for what the articles call otherwise (abbreviations, days → weekend). */
export const SYNONYMS: Record<Language, Record<string, string>> = {
  en: {
    acct: 'account',
    max: 'maximum',
    saturday: 'weekend',
    sunday: 'weekend',
    sat: 'weekend',
    sun: 'weekend',
  },
  es: { sábado: 'fin de semana', sabado: 'fin de semana', domingo: 'fin de semana' },
  de: { samstag: 'wochenende', sonntag: 'wochenende', konto: 'bankkonto' },
  ta: {},
};

/**
 * Phrases customers write for a topic the articles name otherwise, replaced by the articles' words
 * before retrieval ("paper bills" → paperless, "visa" → card, "lights out" → outage). Chosen on the
 * tuning and development question sets, never on the held-out one (npm run eval:assistant).
 */
export const PHRASES: Record<Language, readonly (readonly [RegExp, string])[]> = {
  en: [
    [
      /\b(power|electricity|lights?) (is |are |went |goes |has gone )?(out|off)\b|\bno power\b|\bblackout\b/g,
      'outage',
    ],
    [/\b(wires?|lines?|poles?) (is |are )?(down|fell|fallen)\b|\bdowned (wire|line)s?\b/giu, 'outage safety'],
    [/\b(turn|switch|put|get)( \w+){0,3} back on\b|\breconnect\w*/giu, 'reconnection'],
    [/\b(cut|shut) (me |it )?off\b/giu, 'disconnection'],
    [/\bpaper (bills?|statements?)\b|\be-?bills?\b|\bpaperless\b/giu, 'paperless'],
    [/\b(visa|mastercard|amex|discover|credit card|debit card)\b/giu, 'card'],
    [
      /\bcustomer (service|care|support)\b|\bcall cent(er|re)\b|\bphone number\b|\bopening hours\b/g,
      'contact hours',
    ],
    [
      /\bbill (doubled|went up|increased|jumped|is so high|so high|too high)\b|\bhigher bill\b/giu,
      'high bill',
    ],
    [/\b(can'?t|cannot|unable to) (afford|pay)\b|\bbehind on\b/giu, 'assistance'],
    [/\b(moving|move out|move in|new address|new apartment|new home|new house)\b/giu, 'moving'],
    [/\bwithout (logging in|an account|signing in|registering)\b|\bno login\b/giu, 'quick pay no account'],
  ],
  es: [
    [/\bse (fue|va|cort[oó]) la luz\b|\bsin luz\b|\bno hay luz\b|\bapag[oó]n\b/giu, 'apagón'],
    [/\bcables? (ca[ií]dos?|en el suelo)\b/giu, 'apagón seguridad'],
    [/\breconect\w*|\breactiv\w*|\bvolver a conectar\b/giu, 'reconexión'],
    [/\b(visa|mastercard|amex|tarjeta de cr[eé]dito|tarjeta de d[eé]bito)\b/giu, 'tarjeta'],
    [/\b(facturas?|recibos?) (en|de) papel\b/giu, 'sin papel'],
    [/\b(atenci[oó]n|servicio) al cliente\b/giu, 'contacto horario'],
    [/\bcambiar de casa\b|\bme mudo\b|\bnueva direcci[oó]n\b|\bcasa nueva\b/giu, 'mudanza traslado'],
    [/\bsin (iniciar sesi[oó]n|registrarme|registrarse|cuenta)\b/giu, 'pago rápido sin cuenta'],
    [/\bexportar\b/giu, 'descargar datos'],
  ],
  de: [
    [/\bkein strom\b|\bstrom (ist )?weg\b/giu, 'stromausfall'],
    [
      /\b(leitung|kabel|mast)(en)? (liegt|liegen|ist|sind)? ?(auf der straße|am boden|runter|unten|umgefallen)\b/g,
      'stromausfall sicherheit',
    ],
    [/\b(visa|mastercard|kreditkarte|debitkarte)\b/giu, 'karte'],
    [/\bziehe? um\b|\bneue wohnung\b|\bneue adresse\b/giu, 'umzug'],
    [/\b(posten|positionen) (auf|der|meiner)\b/giu, 'rechnung positionen'],
  ],
  ta: [[/கரண்ட் (போச்சு|இல்லை)|மின்சாரம் இல்லை|மின்சாரம் போனது/giu, 'மின்தடை']],
};

/**
 * Spoken Tamil, as customers type it: stopwords-iso has no Tamil list, so without these every
 * colloquial word ("ரொம்ப", "மாதிரி", "ஏதோ") would count as an unknown topic. General words of the
 * language only (degree, manner, time, kin, particles), never a topic of the knowledge base; and a
 * word ending as a spoken verb form does ("ஆயிடுச்சு", "சொல்லணும்", "கட்டலாம்", "பாக்குறது",
 * "வச்சிருக்கேன்", "போனா", "இருக்கான்னு"), or of one or two letters (a particle written apart:
 * "ல", "ஆ", "க்கு"), is no topic either. Used only to judge a match (isConfident), not for search.
 */
export const TAMIL_SPOKEN =
  words(`ரொம்ப ரொம்பவும் மாதிரி ஏதோ ஏதாவது எதுக்கு எதுக்காக இல்லாம இல்லாமல் முன்னாடி முன்னாடியே பின்னாடி
  அப்புறம் இப்போ இப்ப இப்போது அப்போ அப்ப நேத்து நேற்று இன்னைக்கு நாளைக்கு திடீர்னு திடீரென்று சும்மா கொஞ்சம்
  நிறைய எல்லாம் எல்லா முழு ஒரே தடவை தடவையில வாட்டி சின்னதா சின்ன பெரிய பெருசா புது பழைய அப்பா அம்மா அப்பாவோட
  அம்மாவோட அவரோட அவங்க அவங்களோட எங்க எங்களோட நம்ம வீட்டோட ஐ ல லே க்கு கு ஆ ஆஹ் னா போது மட்டும் கூட
  தான் தானே இன்னும் மறுபடியும் திரும்ப சரி ஓகே ப்ளீஸ் என்னது அது இது அங்க இங்க எங்கே`);
export const TAMIL_SPOKEN_ENDINGS =
  /(ச்சு|ச்சா|ணும்|ணுமா|லாம்|லாமா|ங்க|றது|ற|குது|க்கேன்|ருக்கேன்|னா|ன்னு|ன்னா|ட்டாங்க|ட்டேன்|டுச்சு|ருந்த|ருக்கா|ருக்கு|வேணும்|ணுமே|னும்)$/u;

/**
 * Romanised spoken Tamil ("bill kattanum, evlo charge pannuveengala?"): its question words and
 * particles, and the endings of its spoken verb forms. Such a word in a Tamil question is a general
 * word, neither another company's name (an unknown Latin-script word otherwise is one, in Tamil) nor
 * an unknown topic. Written from Tamil grammar (the -nga/-anum/-alama/-iten forms), not from questions.
 */
export const ROMANISED_TAMIL = words(`enna ennaa enga engey eppadi epdi eppudi evlo evvalavu evalavu yen
  yaar yaaru ethu edhu entha endha eppo epo ippo ippa appo appa ipo inga anga ithu idhu athu adhu illa
  illai illama illaama irukku iruku irukka irundhu irunthu venum vendum venuma vendam vendaam pannu panna
  pannanum pannunga panren pannren romba rombha konjam naan nan neenga neega ungaloda unga enaku enakku
  ennoda en oda kitta kita munnadi munnaadi apram aprom apuram varaikum varaikkum varai thaan than dhaan
  ah aa la le ku kku nu nnu na da di sir madam mam naal naalu aagum aaguma aachu pochu varum varuma
  theriyuma sollunga kudunga ellam neraya puthu pudhu pazhaya`);
export const ROMANISED_TAMIL_ENDINGS =
  /(?:nga|ngala|ngalaa|ngla|eenga|inga|aanga|anum|anuma|annum|alama|laama|lama|iten|itten|ichu|uchu|achu|ttanga|tteenga|veengala|rom|reenga|kkum|kkanum|oda|odu|ukku|aana|ula|ila|ttu|nnu|kala)$/;

/**
 * Colloquial and personal words the general-word lists (stopwords-iso) lack: chat spellings ("b4",
 * "gibts", "hab", "ne", "nix", "is" for "ist", "depa"), kin ("dad", "abuela", "Oma") and a customer's
 * situation (student, holiday), times of day and meals (lunch, Mittag, heuer: this year) and a thing's
 * size, that frame a question without being its topic. General words: they
 * weigh nothing when judging a match and are no unknown topic (isConfident), unless an article's
 * title, tag or heading makes one a topic. Written from each language's spoken usage, not from questions.
 */
export const COLLOQUIAL: Record<Language, readonly string[]> = {
  en: [
    ...words(`b4 gonna wanna gotta kinda ya yeah yep nope tho thx lol btw asap rn idk dunno gimme lemme
    dad daddy mom mommy mum mother father parent parents daughter son kid kids child children wife husband
    grandma grandpa grandmother grandfather granny family sister brother aunt uncle friend couple whole
    student college university campus school retired retiree vacation holiday trip
    morning afternoon evening daytime overnight weekday lunch lunchtime breakfast dinner supper noon midday
    midnight tonight roughly usually size basically literally bucks backyard yard grass`),
  ],
  es: [
    ...words(`depa depto dpto nomas nomás osea pues bueno oye porfa vale che onda pana
    abuela abuelo abuelita abuelito mamá mama papá papi mami hija hijo hijos esposa esposo marido mujer
    familia suegra suegro tía tia tío tio hermana hermano amigo amiga estudiante universidad facultad
    vacaciones viaje madrugada mediodía mediodia almuerzo desayuno cena medianoche tamaño
    jubilada jubilado jubilados andando anda`),
  ],
  de: [
    ...words(`ne nen nem ner hab habs hab's is isses gibts gibt's nix nich net drauf drin dran halt eh
    bissl bisschen eigentlich irgendwie irgendwas grad gerade echt voll krieg krieg' kriegt
    oma opa mama papa mutter vater eltern tochter sohn kinder kind frau mann familie schwester bruder
    freund freundin student studentin studium uni wg urlaub reise
    morgens vormittag vormittags nachmittag nachmittags abend abends tagsüber daheim zuhause mittag mittags
    mittagessen frühstück abendessen mitternacht heuer irgendwo irgendwann größe
    sölled söll sött mached mache machä gschwind öppis`),
  ],
  ta: [
    ...words(`பாட்டி தாத்தா மகள் மகன் பையன் பொண்ணு மனைவி கணவர் அக்கா அண்ணா தம்பி தங்கச்சி குடும்பம்
    amma appa paati thatha paiyan ponnu`),
  ],
};
