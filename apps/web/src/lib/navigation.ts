/**
 * Lets code outside React (the API client's session end) send the app to the root. The router registers
 * its navigator once mounted (app/RootNavigator); before that a full page load does the same.
 */
type Navigator = () => void;

let navigator: Navigator | null = null;

export function setRootNavigator(next: Navigator | null): void {
  navigator = next;
}

export function navigateToRoot(): void {
  if (navigator) navigator();
  else if (typeof window !== 'undefined' && window.location.pathname !== '/') window.location.assign('/');
}
