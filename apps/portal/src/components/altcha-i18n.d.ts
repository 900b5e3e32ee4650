// altcha ships declarations for most of its translations but not for es-es; human-check.tsx imports
// it for its side effect (it registers the Spanish words with the widget) and reads nothing from it.
declare module 'altcha/i18n/es-es';
