const markup = new Map<string, string>();

/**
 * The SVG of an Ionicons icon (`ionicons/icons` exports each as a `data:image/svg+xml;utf8,` URL): for
 * Icon.tsx and the welcome screen's first paint (features/welcome/first-screen.ts). The icons are the
 * bundle's own constants, never input.
 */
export function iconSvg(icon: string): string {
  let svg = markup.get(icon);
  if (svg === undefined) {
    const data = icon.slice(icon.indexOf(',') + 1);
    svg = icon.includes(';base64,') ? atob(data) : data.startsWith('%3C') ? decodeURIComponent(data) : data;
    markup.set(icon, svg);
  }
  return svg;
}
