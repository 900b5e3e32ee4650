// The widget's own texts in the portal's four languages (spec point 1: title, welcome, placeholder and
// the three predefined questions). The widget travels alone to any page, so it carries them itself.
export const WIDGET_LANGUAGES = ['en', 'es', 'ta', 'de'] as const;
export type WidgetLanguage = (typeof WIDGET_LANGUAGES)[number];

export interface WidgetTexts {
  title: string;
  welcome: string;
  placeholder: string;
  questions: readonly [string, string, string];
  open: string;
  close: string;
  send: string;
  newConversation: string;
  suggestions: string;
  sources: string;
  copy: string;
  copied: string;
  helpful: string;
  notHelpful: string;
  thanks: string;
  speak: string;
  listen: string;
  listening: string;
  noRecognition: string;
  noSynthesis: string;
  thinking: string;
  failed: string;
  you: string;
  assistant: string;
  answer: string;
  /** The staff page's agent mode: whose account the answers are about. */
  agentMode: (account: string) => string;
}

export const TEXTS: Record<WidgetLanguage, WidgetTexts> = {
  en: {
    title: 'AI Assist',
    welcome: "Welcome, I'm your AI Assist. How can I help you today?",
    placeholder: 'Ask me anything about your services...',
    questions: [
      'How to report outages?',
      'What is the charge for reconnecting the service?',
      'what is Green Tags?',
    ],
    open: 'Open AI Assist',
    close: 'Close AI Assist',
    send: 'Send',
    newConversation: 'New conversation',
    suggestions: 'Suggested questions',
    sources: 'Sources',
    copy: 'Copy answer',
    copied: 'Answer copied',
    helpful: 'Helpful',
    notHelpful: 'Not helpful',
    thanks: 'Thank you for your feedback',
    speak: 'Ask by voice',
    listen: 'Read the answer aloud',
    listening: 'Listening… speak your question',
    noRecognition: 'Voice input is not available in this browser. Please type your question.',
    noSynthesis: 'Reading aloud is not available in this browser.',
    thinking: 'AI Assist is answering…',
    failed: 'Sorry, the answer could not be loaded. Please try again.',
    you: 'You',
    assistant: 'AI Assist',
    answer: 'Answer',
    agentMode: (a) => `Agent mode: ${a}`,
  },
  es: {
    title: 'AI Assist',
    welcome: 'Bienvenido, soy su AI Assist. ¿Cómo puedo ayudarle hoy?',
    placeholder: 'Pregúnteme lo que quiera sobre sus servicios...',
    questions: [
      '¿Cómo reportar apagones?',
      '¿Cuál es el cargo por reconectar el servicio?',
      '¿Qué es Green Tags?',
    ],
    open: 'Abrir AI Assist',
    close: 'Cerrar AI Assist',
    send: 'Enviar',
    newConversation: 'Nueva conversación',
    suggestions: 'Preguntas sugeridas',
    sources: 'Fuentes',
    copy: 'Copiar respuesta',
    copied: 'Respuesta copiada',
    helpful: 'Útil',
    notHelpful: 'No es útil',
    thanks: 'Gracias por su opinión',
    speak: 'Preguntar por voz',
    listen: 'Leer la respuesta en voz alta',
    listening: 'Escuchando… diga su pregunta',
    noRecognition: 'La entrada por voz no está disponible en este navegador. Escriba su pregunta.',
    noSynthesis: 'La lectura en voz alta no está disponible en este navegador.',
    thinking: 'AI Assist está respondiendo…',
    failed: 'Lo sentimos, no se pudo cargar la respuesta. Inténtelo de nuevo.',
    you: 'Usted',
    assistant: 'AI Assist',
    answer: 'Respuesta',
    agentMode: (a) => `Modo agente: ${a}`,
  },
  ta: {
    title: 'AI Assist',
    welcome: 'வணக்கம், நான் உங்கள் AI Assist. இன்று நான் உங்களுக்கு எப்படி உதவ முடியும்?',
    placeholder: 'உங்கள் சேவைகள் பற்றி எதையும் என்னிடம் கேளுங்கள்...',
    questions: ['மின் தடைகளை எப்படி புகாரளிப்பது?', 'சேவையை மீண்டும் இணைப்பதற்கான கட்டணம் என்ன?', 'Green Tags என்றால் என்ன?'],
    open: 'AI Assist-ஐத் திற',
    close: 'AI Assist-ஐ மூடு',
    send: 'அனுப்பு',
    newConversation: 'புதிய உரையாடல்',
    suggestions: 'பரிந்துரைக்கப்பட்ட கேள்விகள்',
    sources: 'ஆதாரங்கள்',
    copy: 'பதிலை நகலெடு',
    copied: 'பதில் நகலெடுக்கப்பட்டது',
    helpful: 'பயனுள்ளது',
    notHelpful: 'பயனில்லை',
    thanks: 'உங்கள் கருத்துக்கு நன்றி',
    speak: 'குரலில் கேளுங்கள்',
    listen: 'பதிலை உரக்கப் படி',
    listening: 'கேட்கிறேன்… உங்கள் கேள்வியைச் சொல்லுங்கள்',
    noRecognition: 'இந்த உலாவியில் குரல் உள்ளீடு இல்லை. உங்கள் கேள்வியைத் தட்டச்சு செய்யுங்கள்.',
    noSynthesis: 'இந்த உலாவியில் உரக்கப் படிக்கும் வசதி இல்லை.',
    thinking: 'AI Assist பதிலளிக்கிறது…',
    failed: 'மன்னிக்கவும், பதிலை ஏற்ற முடியவில்லை. மீண்டும் முயலுங்கள்.',
    you: 'நீங்கள்',
    assistant: 'AI Assist',
    answer: 'பதில்',
    agentMode: (a) => `முகவர் பயன்முறை: ${a}`,
  },
  de: {
    title: 'AI Assist',
    welcome: 'Willkommen, ich bin Ihr AI Assist. Wie kann ich Ihnen heute helfen?',
    placeholder: 'Fragen Sie mich alles zu Ihren Leistungen...',
    questions: [
      'Wie melde ich Stromausfälle?',
      'Was kostet die Wiederherstellung des Anschlusses?',
      'Was ist Green Tags?',
    ],
    open: 'AI Assist öffnen',
    close: 'AI Assist schließen',
    send: 'Senden',
    newConversation: 'Neues Gespräch',
    suggestions: 'Vorgeschlagene Fragen',
    sources: 'Quellen',
    copy: 'Antwort kopieren',
    copied: 'Antwort kopiert',
    helpful: 'Hilfreich',
    notHelpful: 'Nicht hilfreich',
    thanks: 'Danke für Ihre Rückmeldung',
    speak: 'Per Sprache fragen',
    listen: 'Antwort vorlesen',
    listening: 'Ich höre zu… sprechen Sie Ihre Frage',
    noRecognition: 'Spracheingabe ist in diesem Browser nicht verfügbar. Bitte tippen Sie Ihre Frage.',
    noSynthesis: 'Vorlesen ist in diesem Browser nicht verfügbar.',
    thinking: 'AI Assist antwortet…',
    failed: 'Die Antwort konnte leider nicht geladen werden. Bitte versuchen Sie es erneut.',
    you: 'Sie',
    assistant: 'AI Assist',
    answer: 'Antwort',
    agentMode: (a) => `Mitarbeitermodus: ${a}`,
  },
};

/** BCP 47 tags for speech recognition and synthesis. */
export const SPEECH_LANG: Record<WidgetLanguage, string> = {
  en: 'en-US',
  es: 'es-ES',
  ta: 'ta-IN',
  de: 'de-DE',
};

/** en, es, ta or de from a page's lang ('es-MX' → es); anything else is English. */
export function widgetLanguage(lang: string | null | undefined): WidgetLanguage {
  const base = (lang ?? '').toLowerCase().split('-')[0];
  return (WIDGET_LANGUAGES as readonly string[]).includes(base ?? '') ? (base as WidgetLanguage) : 'en';
}
