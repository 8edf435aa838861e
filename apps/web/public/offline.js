// The static offline page (offline.html). Loaded in <head>, before the first paint.

// The palette the app shows: the mode its theme code keeps on this device (lib/theme.ts, THEME_STORAGE_KEY),
// and with 'system', or nothing readable kept, the device's light/dark setting, followed live.
function storedThemeMode() {
  try {
    return window.localStorage.getItem('fit24.theme');
  } catch {
    return null;
  }
}
const themeMode = storedThemeMode();
const systemDark = window.matchMedia('(prefers-color-scheme: dark)');
function paintTheme() {
  const fixed = themeMode === 'dark' || themeMode === 'light';
  const theme = fixed ? themeMode : systemDark.matches ? 'dark' : 'light';
  document.documentElement.dataset.theme = theme;
  // The browser's bars as the app colours them (lib/theme.ts THEME_COLOR).
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', theme === 'dark' ? '#0a1628' : '#f5f7fb');
  document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', theme);
}
paintTheme();
if (themeMode !== 'dark' && themeMode !== 'light') systemDark.addEventListener('change', paintTheme);

// Back to the app as soon as its server answers again — when the device says it is online, and every few
// seconds while it believes it is (a network without internet).
function openAppIfReachable() {
  fetch('/', { method: 'HEAD', cache: 'no-store' }).then(
    (response) => {
      if (response.ok) window.location.replace('/');
    },
    () => undefined,
  );
}
window.addEventListener('online', openAppIfReachable);
setInterval(() => {
  if (navigator.onLine) openAppIfReachable();
}, 5000);
