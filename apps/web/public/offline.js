// The static offline page (offline.html): back to the app as soon as its server answers again — when the
// device says it is online, and every few seconds while it believes it is (a network without internet).
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
