import { describe, expect, it } from 'vitest';
import { applyAppStyles } from './app-styles.ts';

function page(html: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  doc.head.innerHTML = html;
  return doc;
}

describe('applyAppStyles', () => {
  it('makes the preloaded stylesheet the page’s and settles once it is applied', async () => {
    const doc = page('<link rel="preload" as="style" href="/assets/index-1.css" data-app-styles>');
    const link = doc.querySelector('link')!;
    let settled = false;
    const applied = applyAppStyles(doc).then(() => {
      settled = true;
    });
    expect(link.rel).toBe('stylesheet');
    await Promise.resolve();
    expect(settled).toBe(false);
    link.dispatchEvent(new Event('load'));
    await applied;
    expect(settled).toBe(true);
  });

  it('renders anyway when the stylesheet cannot be loaded', async () => {
    const doc = page('<link rel="preload" as="style" href="/assets/index-1.css" data-app-styles>');
    const applied = applyAppStyles(doc);
    doc.querySelector('link')!.dispatchEvent(new Event('error'));
    await expect(applied).resolves.toBeUndefined();
  });

  it('waits for nothing without the link (development) or once it is applied', async () => {
    await expect(applyAppStyles(page(''))).resolves.toBeUndefined();
    const doc = page('<link rel="stylesheet" href="/assets/index-1.css" data-app-styles>');
    await expect(applyAppStyles(doc)).resolves.toBeUndefined();
  });
});
