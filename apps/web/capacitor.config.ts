import type { CapacitorConfig } from '@capacitor/cli';

// The Android and iOS shells (android/, ios/) load the built web app from dist/, copied in by
// `npm run cap:sync -w apps/web` (vite build, then `cap sync`): see the README, "Phones".
const config: CapacitorConfig = {
  appId: 'exchange.fit24.app',
  appName: 'FIT24 Exchange',
  webDir: 'dist',
  android: { allowMixedContent: false },
  ios: { contentInset: 'automatic' },
  plugins: {
    SplashScreen: { backgroundColor: '#0a1628' },
    // Shown by the system while the app is in the background; in the foreground the app's own toast.
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
};

export default config;
