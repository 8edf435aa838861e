/**
 * The app's stylesheet as the built index.html names it: a preload (`<link rel="preload" as="style"
 * data-app-styles>`, build/first-paint.ts), so the first paint does not wait for it. The entry calls this
 * before its first render: the link becomes the page's stylesheet and the promise settles once the sheet
 * is applied (or could not be loaded: the app then renders as the browser can rather than never). In
 * development, and in a build without the link, there is nothing to wait for.
 */
export function applyAppStyles(doc: Document = document): Promise<void> {
  const link = doc.querySelector<HTMLLinkElement>('link[data-app-styles]');
  if (!link || link.rel === 'stylesheet') return Promise.resolve();
  return new Promise((done) => {
    link.addEventListener('load', () => done(), { once: true });
    link.addEventListener('error', () => done(), { once: true });
    link.rel = 'stylesheet';
  });
}
