/**
 * English strings shared by every screen: the app's shell, the shared components under components/ui and
 * the words lib/ builds sentences from. Always loaded (it is in the first script); the other namespaces
 * arrive with their screens.
 */
export default {
  brand: 'FIT24 Exchange',
  language: {
    title: 'Language',
    lead: 'The language of the app, its dates and its numbers, on every device you sign in on.',
    en: 'English',
    es: 'Español',
  },
};
