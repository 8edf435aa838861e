import type { CapacitorConfig } from '@capacitor/cli';

// Android and iOS shells load the built web app from dist/ (`npx cap add android|ios`, then `npx cap sync`).
const config: CapacitorConfig = {
  appId: 'com.fit24.exchange',
  appName: 'FIT24 Exchange',
  webDir: 'dist',
  android: { allowMixedContent: false },
  ios: { contentInset: 'automatic' },
  plugins: {
    SplashScreen: { backgroundColor: '#0a1628' },
  },
};

export default config;
