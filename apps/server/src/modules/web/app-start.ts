/** The app's script tags as the build writes them in <head>: the entry, and Vite's modulepreloads. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const MODULE_PRELOADS = /<link rel="modulepreload" crossorigin href="\/assets\/[\w.-]+\.js">/g;

/**
 * Starts the app once the page's first paint is on screen (the route's first screen, welcome or home's frame
 * (first-screens.ts), or the brand): the app's scripts, named in a `<template data-app-start>`, are asked for
 * after the first frame (a requestAnimationFrame, then a task). Without it the browser fetched them beside
 * the HTML and, when they came quickly (a fast network, or the service worker's cache on a later visit), ran
 * the app before painting anything: ≈ 0.5 s of a slow phone's time with a blank page where the first paint
 * was ready. The entry is asked for first, then the links three to a task: each link starts a fetch on the
 * main thread (≈ 2 ms each on average under a phone’s 4× slowdown), and a trade page’s 35 at once were one
 * task of 63–76 ms there. Before that it writes the name kept with the session on the device (lib/session.ts: Capacitor
 * Preferences key `session`) into home's greeting (`data-greeting`, as text). Its text is fixed, so the
 * Content-Security-Policy allows it by its sha256 hash (app.ts). A second's timer starts the app in a tab
 * whose frames wait (in the background).
 */
export const APP_START_SCRIPT =
  '(function(d){var t=d.querySelector("template[data-app-start]");if(!t)return;' +
  'var g=d.querySelector("[data-greeting]");' +
  'if(g)try{var n=JSON.parse(localStorage.getItem("CapacitorStorage.session")).user.name;' +
  'if(n)g.textContent=g.getAttribute("data-greeting").split("{{name}}").join(n)}catch(e){}' +
  'function go(){if(!t)return;var e=t;t=null;' +
  'var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=e.getAttribute("data-entry");' +
  'd.head.appendChild(s);var l=[].slice.call(d.importNode(e.content,true).childNodes);' +
  '(function f(){l.splice(0,3).forEach(function(n){d.head.appendChild(n)});if(l.length)setTimeout(f)})()}' +
  'requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,1000)})(document)';

/**
 * The tags of <head> without the app's scripts, which go with the route's own links (`links`) into the start
 * script's template at the end of the body (`start`). Undefined when the build's <head> has no entry script
 * to move (then the page is sent as built).
 */
export function deferAppScripts(
  headTags: string,
  links: string,
): { headTags: string; start: string } | undefined {
  const entry = ENTRY_SCRIPT.exec(headTags)?.[1];
  if (entry === undefined) return undefined;
  const preloads = headTags.match(MODULE_PRELOADS) ?? [];
  return {
    headTags: headTags.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOADS, ''),
    start:
      `<template data-app-start data-entry="${entry}">${preloads.join('')}${links}</template>` +
      `<script>${APP_START_SCRIPT}</script>`,
  };
}
